import { failOnConsole } from './fail-on-console';

failOnConsole();
