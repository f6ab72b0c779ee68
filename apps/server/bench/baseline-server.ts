import Fastify from 'fastify';

/**
 * The baseline: a bare Fastify route answering a fixed JSON body of the requested size (the size of
 * the real GET form response), so the ratio shows what our request path costs on top of Fastify.
 */
const size = Number(process.argv[2] ?? '1024');
const body = JSON.stringify({ padding: 'x'.repeat(Math.max(0, size - 14)) });
const app = Fastify({ logger: false });
app.get('/baseline', (_request, reply) =>
  reply.header('content-type', 'application/json; charset=utf-8').send(body),
);
const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`bench-baseline listening ${address} bytes=${Buffer.byteLength(body)}`);

process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
