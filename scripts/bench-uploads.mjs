// Upload figures (issue 19): a real server (FISCARD_BIN), one user, then 8 uploads of 10 MB at
// once. Prints the throughput, the server's extra memory (peak RSS during the uploads minus its
// RSS before, sampled every 10 ms from /proc) and the p99 of `user/self` asked meanwhile.
import { readFileSync } from "node:fs";
import { startServer } from "../tests/e2e/lib/server.mjs";
import { registerUser } from "../tests/e2e/lib/api-user.mjs";

const MB = 1024 * 1024;
const UPLOADS = 8;
const rss = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))[1]) * 1024;

const server = await startServer();
try {
  const user = await registerUser(server);
  const headers = { "Access-Token": user.token, "User-Lang": "en-US" };
  const file = new Uint8Array(10 * MB);
  file.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const upload = async () => {
    const form = new FormData();
    form.append("file", new Blob([file], { type: "image/png" }), "scan.png");
    const answer = await (await fetch(`${server.baseUrl}/api/user/file`, { method: "POST", headers, body: form })).json();
    if (answer.statusCode !== 200) throw new Error(`upload refused: ${JSON.stringify(answer)}`);
  };
  await upload(); // warm up (the store's folder, the pool)
  const before = rss(server.pid);
  let peak = before;
  let running = true;
  const sampler = (async () => {
    while (running) {
      peak = Math.max(peak, rss(server.pid));
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  const latencies = [];
  const reader = (async () => {
    while (running) {
      const started = performance.now();
      await fetch(`${server.baseUrl}/api/user/self`, { headers });
      latencies.push(performance.now() - started);
    }
  })();
  const started = performance.now();
  await Promise.all(Array.from({ length: UPLOADS }, upload));
  const seconds = (performance.now() - started) / 1000;
  running = false;
  await Promise.all([sampler, reader]);
  latencies.sort((a, b) => a - b);
  const p99 = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))];
  const total = (UPLOADS * file.length) / MB;
  console.log(`uploads                ${UPLOADS} x 10 MB at once: ${total.toFixed(0)} MB in ${seconds.toFixed(2)} s = ${(total / seconds).toFixed(1)} MB/s   (encrypted, local store)`);
  console.log(`server extra memory    ${((peak - before) / MB).toFixed(1)} MB peak RSS over ${(before / MB).toFixed(1)} MB   target < 16 MB`);
  console.log(`user/self meanwhile    p99 ${p99.toFixed(1)} ms over ${latencies.length} requests`);
} finally {
  await server.stop();
}
