// `npm run bench`: the harness lands in the next commits; this workspace exists first so its pinned
// dependencies (autocannon, lighthouse 12.8.2 — 13 needs Node 22) can be merged by other branches.
export {};
