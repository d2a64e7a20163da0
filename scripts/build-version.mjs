// Records what `npm run build` built: package.json's version and the git commit (when the build
// runs in a checkout). server.mjs sends it as X-ServiceHub-Version (server/operations.mjs).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const { version } = JSON.parse(fs.readFileSync("package.json", "utf8"));
let commit = process.env.GIT_SHA ?? "";
if (!commit) {
  try {
    commit = execFileSync("git", ["rev-parse", "--short=12", "HEAD"], { stdio: ["ignore", "pipe", "ignore"] }).toString().trim();
  } catch {
    commit = "";
  }
}
fs.mkdirSync(buildDir, { recursive: true });
fs.writeFileSync(path.join(buildDir, "version.json"), `${JSON.stringify({ version, commit, builtAt: new Date().toISOString() })}\n`);
console.log(`build/version.json: ${version}${commit ? `+${commit}` : ""}`);
