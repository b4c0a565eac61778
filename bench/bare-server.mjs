// The baseline: a bare node:http server answering a fixed JSON body, nothing else.
import { createServer } from 'node:http';

const body = process.env.BARE_BODY ?? '{}';
// The same framing as the simulator's answers: an explicit length, no chunked encoding.
const headers = {
  ...JSON.parse(process.env.BARE_HEADERS ?? '{}'),
  'content-length': Buffer.byteLength(body),
};
const server = createServer({ keepAliveTimeout: 30_000 }, (req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, headers);
    res.end(body);
  });
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${server.address().port}` })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
