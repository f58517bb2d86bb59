/**
 * autocannon with one signed-in user per connection (bench/auth-me.ts): each connection sends its own
 * bearer token, as 100 different people loading pages would. Prints autocannon's JSON result.
 *
 * Usage: node bench/autocannon-users.mjs URL SECONDS CONNECTIONS TOKENS_JSON_FILE
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const [url, seconds, connections, tokensFile] = process.argv.slice(2);
const tokens = JSON.parse(readFileSync(tokensFile, 'utf8'));
let next = 0;

const result = await autocannon({
  url,
  duration: Number(seconds),
  connections: Number(connections),
  requests: [
    {
      method: 'GET',
      setupRequest(request, context) {
        context.token ??= tokens[next++ % tokens.length];
        return { ...request, headers: { ...request.headers, authorization: `Bearer ${context.token}` } };
      },
    },
  ],
});
process.stdout.write(JSON.stringify(result));
