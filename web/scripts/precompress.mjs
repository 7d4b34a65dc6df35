// Writes .br and .gz beside every compressible file of dist/, so the server sends them as they
// are (Content-Encoding) instead of compressing on every request. Node's own zlib: nothing to
// install. `node scripts/precompress.mjs [dir]` (default: dist/).
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const root = process.argv[2] ? resolve(process.argv[2]) : new URL("../dist/", import.meta.url).pathname;
const compressible = /\.(html|js|mjs|css|json|svg|wasm|txt|map)$/;
const MIN_BYTES = 512;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (compressible.test(name) && statSync(path).size >= MIN_BYTES) yield path;
  }
}

let count = 0;
for (const path of files(root)) {
  const data = readFileSync(path);
  writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
  writeFileSync(
    `${path}.br`,
    brotliCompressSync(data, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
    }),
  );
  count += 1;
}
console.log(`precompressed ${count} files (.br, .gz)`);
