export { OpsConsole } from './components/OpsConsole';
