// Types of scripts/lib.mjs, for the TypeScript that imports it (tests, benches).
import type { SpawnOptions } from 'node:child_process';

export const root: string;
export function bin(name: string): string;
export function requirePinnedNode(): void;
export function run(command: string, args: string[], options?: SpawnOptions): Promise<number>;
export function clientBuildIsStale(): boolean;
export function clientInputsChangedAt(): number;
export function buildClient(): Promise<void>;
export const serverEntry: string;
export const SERVER_NODE_FLAGS: string[];
export const SERVER_MALLOC_SETTINGS: Record<'MALLOC_ARENA_MAX' | 'MALLOC_MMAP_THRESHOLD_', string>;
export function withServerMallocSettings(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
export function serverBuildIsStale(): boolean;
export function buildServer(): Promise<void>;
