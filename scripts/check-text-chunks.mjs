// Fails the build when a text of one language ends up outside that language's own chunk of its
// namespace (app/i18n/namespaces.ts): a German page would then carry English strings (or the
// other way round), or texts would ride along with code and load on every page. Every distinctive
// text (one that reads differently in the other language) of each `<ns>.<lng>-<hash>.js` chunk
// must occur in no code chunk and in no chunk of the other language.
import fs from "node:fs";
import path from "node:path";

const dir = path.join(path.resolve(process.env.BUILD_DIR ?? "build"), "client", "assets");
const files = fs.readdirSync(dir).filter((file) => file.endsWith(".js"));
const source = new Map(files.map((file) => [file, fs.readFileSync(path.join(dir, file), "utf8")]));
const TEXT_CHUNK = /^(\w+)\.(de|en)-[\w-]+\.js$/;
const textChunks = files.filter((file) => TEXT_CHUNK.test(file));

/** Plain texts of a chunk: quoted strings of 20+ characters with a space (no keys, no code). */
function texts(file) {
  return new Set([...source.get(file).matchAll(/"([^"\\]{20,})"/g)].map((m) => m[1]).filter((text) => text.includes(" ")));
}

const problems = [];
for (const file of textChunks) {
  const [, ns, lng] = TEXT_CHUNK.exec(file);
  const other = textChunks.find((f) => f.startsWith(`${ns}.${lng === "de" ? "en" : "de"}-`));
  const otherTexts = other ? texts(other) : new Set();
  const own = [...texts(file)].filter((text) => !otherTexts.has(text));
  if (own.length === 0) problems.push(`${file}: no texts found (is it still a text chunk?)`);
  for (const [name, code] of source) {
    // The same sentence may stand in two namespaces of the same language.
    if (name === file || TEXT_CHUNK.exec(name)?.[2] === lng) continue;
    const leaked = own.find((text) => code.includes(text));
    if (leaked) problems.push(`${name} carries a text of ${file}: "${leaked.slice(0, 60)}"`);
  }
}
if (textChunks.length < 20) problems.push(`only ${textChunks.length} text chunks: the namespaces are no longer split (app/i18n/namespaces.ts)`);

if (problems.length) {
  console.error(`texts outside their language's namespace chunk:\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
console.log(`text chunks: ${textChunks.length}, each language's texts only in its own chunks`);
