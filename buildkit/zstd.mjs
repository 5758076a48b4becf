// Zstandard for the build and the tests (docs/performance.md, "The library in zstd", "The wasm
// in zstd"): the page's library and the runtime's wasm are sent compressed by the build (tighter
// than the gzip Pages would send, which compresses no zip at all), and the worker unpacks them
// with fzstd, the decoder it ships.
//
//   node zstd.mjs pack <in> <out>     level 22; prints {"bytes": n}, after checking that fzstd
//                                     gives <in> back, at once and streamed in chunks (the
//                                     decoder the page has, not the encoder's)
//   node zstd.mjs unpack <in> <out>   with fzstd; prints {"bytes": n}
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Decompress, decompress } from "fzstd";

const [verb, input, output] = process.argv.slice(2);
const data = new Uint8Array(readFileSync(input));
let out;
if (verb === "pack") {
  // The package's ES build resolves its wasm by require(): its CommonJS one is used.
  const zstd = createRequire(import.meta.url)("@bokuweb/zstd-wasm");
  await zstd.init();
  out = zstd.compress(data, 22);
  const same = (back) => back.length === data.length && back.every((b, i) => b === data[i]);
  if (!same(decompress(out))) throw new Error("fzstd does not give the input back");
  // and as the worker unpacks the wasm: streamed, in chunks as a download arrives
  const blocks = [];
  const stream = new Decompress((block) => blocks.push(block));
  for (let at = 0; at < out.length; at += 65536) stream.push(out.subarray(at, at + 65536));
  stream.push(new Uint8Array(0), true);
  if (!same(Buffer.concat(blocks))) throw new Error("fzstd's stream does not give the input back");
} else if (verb === "unpack") {
  out = decompress(data);
} else {
  throw new Error(`usage: node zstd.mjs pack|unpack <in> <out>, not ${verb}`);
}
writeFileSync(output, out);
process.stdout.write(JSON.stringify({ bytes: out.length }) + "\n");
