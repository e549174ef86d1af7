/** A worker module that ends its thread without a result (see threads.test.ts). */
export function run(): never {
  process.exit(3);
}
