// Fails the build when the client's chunks import each other in a circle. After the first paint
// the page's shared chunks are evaluated one per task, in the preloads' order (decision 0042); in
// a circle the chunk evaluated first would meet a binding the other has not initialised yet
// ("Cannot access 'x' before initialization"), and the page would never hydrate.
import fs from "node:fs";
import path from "node:path";

const dir = path.join(path.resolve(process.env.BUILD_DIR ?? "build"), "client", "assets");
const files = fs.readdirSync(dir).filter((file) => file.endsWith(".js"));
const IMPORT = /(?:^|[;}\s])(?:import|export)\s*(?:[^"';]*?from\s*)?"\.\/([^"]+\.js)"/g;
const imports = new Map(files.map((file) => [file, [...fs.readFileSync(path.join(dir, file), "utf8").matchAll(IMPORT)].map((m) => m[1])]));

const state = new Map(); // 1: on the current path, 2: done
const cycles = [];
function visit(file, trail) {
  state.set(file, 1);
  trail.push(file);
  for (const next of imports.get(file) ?? []) {
    if (state.get(next) === 1) cycles.push([...trail.slice(trail.indexOf(next)), next].join(" → "));
    else if (!state.has(next)) visit(next, trail);
  }
  trail.pop();
  state.set(file, 2);
}
for (const file of files) if (!state.has(file)) visit(file, []);

if (cycles.length) {
  console.error(`client chunks import each other in a circle (vite.config.ts, CLIENT_CHUNKS):\n  ${cycles.join("\n  ")}`);
  process.exit(1);
}
console.log(`client chunks: ${files.length}, no circular imports`);
