// The container's health check (Dockerfile HEALTHCHECK; deploy/check-image.sh runs it too): GET
// /api/health on this process's own port. Exit 0 when Ferry answers 200 (database reachable, migrations
// current), 1 otherwise. Node's own fetch: the slim image has no curl.
const port = process.env.PORT || '3000';
const url = `http://127.0.0.1:${port}/api/health`;
try {
  const response = await fetch(url, { signal: AbortSignal.timeout(4000) });
  if (!response.ok) console.error(`${url} answered ${response.status}`);
  process.exit(response.ok ? 0 : 1);
} catch (error) {
  console.error(`${url}: ${error.cause?.code ?? error.message}`);
  process.exit(1);
}
