// The benchmark's yardstick: plain node:http answering every request with the bytes of a file
// (argv[2]; HTML when it ends in .html), in its own process as the app server is, so neither shares an event loop with
// autocannon. Prints its port once listening.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const body = readFileSync(process.argv[2]);
const type = process.argv[2].endsWith('.html') ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8';
const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': type, 'content-length': body.length });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
