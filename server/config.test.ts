import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { ConfigError, loadConfig } from './config';

const tempDir = () => mkdtempSync(path.join(tmpdir(), 'storefront-config-'));

describe('loadConfig', () => {
  it('has working defaults for a fresh machine', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({ env: 'development', port: 3000, dataDir, databaseUrl: undefined });
  });

  it('generates a JWT secret once and keeps it in DATA_DIR', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8').trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first);
  });

  it('requires a JWT secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: tempDir() })).toThrow(
      new ConfigError('JWT_SECRET is required in production (at least 32 characters).'),
    );
  });

  it('says clearly what is wrong with a bad value', () => {
    const DATA_DIR = tempDir();
    expect(() => loadConfig({ DATA_DIR, PORT: 'eighty' })).toThrow(/PORT must be a whole number/);
    expect(() => loadConfig({ DATA_DIR, PORT: '70000' })).toThrow(/PORT must be a whole number/);
    expect(() => loadConfig({ DATA_DIR, DATABASE_URL: 'mysql://x@y/z' })).toThrow(
      /DATABASE_URL must start with postgres/,
    );
    expect(() => loadConfig({ DATA_DIR, DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL must be a URL/);
    expect(() => loadConfig({ DATA_DIR, NODE_ENV: 'staging' })).toThrow(/NODE_ENV must be/);
    expect(() => loadConfig({ DATA_DIR, JWT_SECRET: 'short' })).toThrow(/at least 32/);
  });

  it('accepts a PostgreSQL URL', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' });
    expect(config.databaseUrl).toBe('postgres://postgres@127.0.0.1:5432/test');
  });
});
