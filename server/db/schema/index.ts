// The database schema by area; drizzle-kit reads it from here (drizzle.config.ts).
export * from './catalog';
export * from './customers';
export * from './limits';
export * from './orders';
export * from './wallet';
