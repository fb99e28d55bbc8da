// The database schema by area; drizzle-kit reads it from here (drizzle.config.ts).
export * from './catalog';
export * from './customers';
export * from './data-migrations';
export * from './limits';
export * from './orders';
export * from './wallet';
export * from './payments';
export * from './staff';
export * from './push';
export * from './stock';
