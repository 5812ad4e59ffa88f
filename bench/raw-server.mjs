// The benchmark's yardstick: plain node:http answering every request with the bytes of a file
// (argv[2]), in its own process as the app server is, so neither shares an event loop with
// autocannon. Prints its port once listening.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const body = readFileSync(process.argv[2]);
const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
