// Fails the build when zod reaches the browser (docs/decisions/0063-no-zod-in-the-browser.md).
// Forms validate on the server only; a component that imports a runtime value from a module that
// imports zod (a schema file) pulls all of zod (~27 KB gzip) into the page. Checked on the real
// output, so `import type` of a schema stays allowed. zod's core class names survive minifying.
import fs from "node:fs";
import path from "node:path";

const dir = path.join(path.resolve(process.env.BUILD_DIR ?? "build"), "client", "assets");
const MARKER = /\$ZodType\b|\bZodError\b/;
const files = fs.readdirSync(dir).filter((file) => file.endsWith(".js"));
const found = files.filter((file) => MARKER.test(fs.readFileSync(path.join(dir, file), "utf8")));

if (found.length) {
  console.error(
    `zod is in the client bundle (${found.join(", ")}): a browser module imports a runtime value from a module that imports zod.\n` +
      "  Import schemas with `import type`, and move the constants the UI needs into a zod-free module (e.g. *-limits.ts) that the schema imports too.",
  );
  process.exit(1);
}
console.log(`client chunks: ${files.length}, no zod`);
