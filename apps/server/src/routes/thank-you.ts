import type { FastifyInstance } from 'fastify';

const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Thank you</title>
<style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:90vh;color:#1f2937}
main{text-align:center}h1{font-size:1.75rem}</style></head>
<body><main><h1>Thank you!</h1><p>Your submission has been received.</p></main></body></html>`;

/**
 * The default redirect target after a submission (`<PUBLIC_URL>/thank-you`): where a FREE form, whose
 * custom redirectUrl is replaced, or one without a redirectUrl, sends the browser.
 */
export function thankYouRoutes(app: FastifyInstance) {
  app.get('/thank-you', (_request, reply) => reply.type('text/html; charset=utf-8').send(page));
}
