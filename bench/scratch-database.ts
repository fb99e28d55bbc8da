import pg from 'pg';

/**
 * A PostgreSQL database of the benchmark's own on the server `url` points at (the URL's database
 * is only used to create and drop it), so a benchmark never touches real data.
 */
export async function scratchDatabase(url: string, label: string) {
  const name = `storefront_bench_${label}_${process.pid}`;
  const run = async (statement: string) => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await run(`CREATE DATABASE ${name}`);
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  return { url: scratch.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
