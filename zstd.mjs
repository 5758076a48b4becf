// Zstandard for the build and the tests (docs/performance.md, "The library in zstd"): GitHub
// Pages compresses no zip, so the page's library is sent compressed by the build, and the
// worker unpacks it with fzstd, the decoder it ships.
//
//   node zstd.mjs pack <in> <out>     level 22; prints {"bytes": n}, after checking that fzstd
//                                     gives <in> back (the decoder the page has, not the encoder's)
//   node zstd.mjs unpack <in> <out>   with fzstd; prints {"bytes": n}
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { decompress } from "fzstd";

const [verb, input, output] = process.argv.slice(2);
const data = new Uint8Array(readFileSync(input));
let out;
if (verb === "pack") {
  // The package's ES build resolves its wasm by require(): its CommonJS one is used.
  const zstd = createRequire(import.meta.url)("@bokuweb/zstd-wasm");
  await zstd.init();
  out = zstd.compress(data, 22);
  const back = decompress(out);
  if (back.length !== data.length || !back.every((b, i) => b === data[i])) throw new Error("fzstd does not give the input back");
} else if (verb === "unpack") {
  out = decompress(data);
} else {
  throw new Error(`usage: node zstd.mjs pack|unpack <in> <out>, not ${verb}`);
}
writeFileSync(output, out);
process.stdout.write(JSON.stringify({ bytes: out.length }) + "\n");
