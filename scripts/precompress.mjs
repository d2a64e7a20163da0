// Writes a gzip (-9) and a brotli (quality 11) copy beside every script and stylesheet of the
// client build, once, at build time. server.mjs sends them as they are (express-static-gzip):
// compressing each asset on every request cost the server CPU on every page load (83 requests for
// a service page) and gave larger files than the best levels, which only pay when done once.
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);
const assets = path.resolve(process.env.BUILD_DIR ?? "build", "client", "assets");
const files = fs.readdirSync(assets).filter((name) => /\.(js|css|json|svg)$/.test(name));
let raw = 0;
let br = 0;
await Promise.all(
  files.map(async (name) => {
    const file = path.join(assets, name);
    const content = fs.readFileSync(file);
    const [gz, brotlied] = await Promise.all([
      gzip(content, { level: 9 }),
      brotli(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
    ]);
    fs.writeFileSync(`${file}.gz`, gz);
    fs.writeFileSync(`${file}.br`, brotlied);
    raw += content.length;
    br += brotlied.length;
  }),
);
console.log(`precompressed: ${files.length} assets, ${(raw / 1024).toFixed(0)} KB → ${(br / 1024).toFixed(0)} KB brotli`);
