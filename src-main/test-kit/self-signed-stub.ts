// A self-signed certificate for 127.0.0.1 (valid until 2125), for tests of the production TLS rules.
// Test-only and public on purpose: it secures nothing but a loopback stub inside a test.
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';

const KEY = `-----BEGIN PRIVATE KEY-----
MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQCd9HYu2+zT8yKX
Ry70e2Pe21Tbkk/93tvLzr1lO2Bv921si9znfjSCARiAujO45eGKWHyjeI6AegQy
MCBRM6QGZ401fIrJ0p9YwwG4DylbXxtchwQmXnCAHFLIpkIx8A3wp3Ah8gha0UTB
NBMr0qAlKj/F4qyZYUbb7cx33cd6SqlE2/nIge+hKqtoKAmsIZpspNExfZYF5mo1
2HUV2T6cyPuon8xSjJMIM7cyKgrd/ecMloJvXMLoNOn/+mIm2KAK/xYmReo+n+Lo
luB5rzrPdp8hIA1Nuo7k5Qa/EhtyexCZVsXnUxRSBf3Opo95E9wv8J64nyoaOArr
fUDswdftAgMBAAECggEADX1cPoI/xpYkJSFKLE0BaX330Ey9kiPfR5efay7X/Jf3
+2Yydn67w0KOsie01Ryk12jZNCjOmsBQ7WxYxjaP0pAzahb5z2SygSUeV3bMBGap
8owBWbmFCBvjIgm464Th2+Sg2fVOq1rl8U4eOQbi8GmcSq0iKnM5Vv0HElGZgKMP
PnFrY4XmH/bdgedhNM1J4u8jXMsTPQsNkfRmKZIK/8Z2VNTHOWi1h2+9oJB5TGzG
YkSERwb6wqtUjP2CtKU85naEL2B6WVOmZ+9fcDakEWRHGbKYfaiVMiuy0sipxCru
g2KF1fJ6BYkO4zn4Bcn789FqoB6/baXQBIUDy5+rrQKBgQDZ5902JxHu8ovdT7xp
e+OQ3DBsSVGc2eWCS/jfqnf/nKKGysT7UOxWgsrTz8/74ob2SX+jxgWl8Ir61YMO
8vEY45WLnIVGHitYgBkUiAecsOiKMiIJoOPJFwBE5vtCLAFQG4km/90aLSL3enuI
K3cJzhaNzRn96c667jwlOpPljwKBgQC5kZB+40nH+OaMMkSbAvvpz7XVMuORP3mV
IEIZg7QZRj8mjGOSp+O0Nn968tYEVGxWe7IVENXdc8tzYc6nfgD6v+Lm+yeFK6lK
KgW3GyLe7gKlvmLErmQFTQ1fnvBy37bfoAOgzb3J1+ef/4McK8+x9mUAEEbxWdb2
sSS8WOBEwwKBgGLhR01qf0XJxFQB+cJ4GHTEpiiNQL6HVhFBPkboiRlxz4KRAr/0
IbrEERv6oitvyMR757K+ihOZysc2Ggmvjl4378VxmjyONicrwbXCYInm8S68vxtV
aef3SwT5N6z4YQQj6qHK218kekiIyQOqjZLidPOVzaSd81R6BMr0AObbAoGAS2ij
12x1pxW2WnJy/qsPw8vskF7Fq1ioB7m8IrIqlbq+HuQd8pLXLXyYAVZ9MfU8sUhC
7dyRjBRqMNEmMVo6+6rOgh69yJgdi03YVLhqSz1dRg1ABbz4WE8fiCQGgif3IJjd
4JK69TMPpS0oEmKbXC5MjOIQcjOX71e9Hezf9hECgYEAm478Yx7Ks5R5j6TSz8XW
cHKcI4okGXFckMz9tGl+8qn5ODs9kLTWIMlIY1LzL0pwG0qydYYbMj9mdHjI/0AF
KdYNLIuRKeDSr2cevwu0ujhn6K7xwfVTtFKoL9vH3kYvbj42Z9nDWIX9CuBQWzwV
HMhD01A48sOomKZmicaggCU=
-----END PRIVATE KEY-----`;

const CERT = `-----BEGIN CERTIFICATE-----
MIIDJzCCAg+gAwIBAgIUZSCxMl8vi6oQbIABiXPmg2gbx6UwDQYJKoZIhvcNAQEL
BQAwFDESMBAGA1UEAwwJMTI3LjAuMC4xMCAXDTI2MTEyMTE2MTMyMVoYDzIxMjYx
MDI4MTYxMzIxWjAUMRIwEAYDVQQDDAkxMjcuMC4wLjEwggEiMA0GCSqGSIb3DQEB
AQUAA4IBDwAwggEKAoIBAQCd9HYu2+zT8yKXRy70e2Pe21Tbkk/93tvLzr1lO2Bv
921si9znfjSCARiAujO45eGKWHyjeI6AegQyMCBRM6QGZ401fIrJ0p9YwwG4Dylb
XxtchwQmXnCAHFLIpkIx8A3wp3Ah8gha0UTBNBMr0qAlKj/F4qyZYUbb7cx33cd6
SqlE2/nIge+hKqtoKAmsIZpspNExfZYF5mo12HUV2T6cyPuon8xSjJMIM7cyKgrd
/ecMloJvXMLoNOn/+mIm2KAK/xYmReo+n+LoluB5rzrPdp8hIA1Nuo7k5Qa/Ehty
exCZVsXnUxRSBf3Opo95E9wv8J64nyoaOArrfUDswdftAgMBAAGjbzBtMB0GA1Ud
DgQWBBQqBabIrboEHDH1yLqfrCjCWE5ZLjAfBgNVHSMEGDAWgBQqBabIrboEHDH1
yLqfrCjCWE5ZLjAPBgNVHRMBAf8EBTADAQH/MBoGA1UdEQQTMBGHBH8AAAGCCWxv
Y2FsaG9zdDANBgkqhkiG9w0BAQsFAAOCAQEAOFmTaaJqsshpk7tjX0PaP0/bld5t
EEIEZ0JKldmsGkeoSe44vLi0Qr9tYq4hoosvDVxG0OntyCTTuZ3POKQn3BowNkLs
qAYeE4XzkkWFTGpq+2EvoGcWdjsIVNlh4LNFBAfqFyRxBr7h2ukrx5giLcvRgKCW
w2DJ3bmUZQu2qcfNSiyTjf6pOCWZo8EicsSjurdQAbjjZAhwNZcBCN2tdeZW6QBP
rncsuDwsO4ZGQdLNIMK58NzwBAXqi0dGG5epQ36pB4js58y/MHxe00H74JleUmOZ
Fu531q954ZUzAs3vWF6ecLbPY+p1gHT9TthsIh+X1R+NpnZ037H+ThBHPA==
-----END CERTIFICATE-----`;

/** An https merchant stub presenting `identity` (PEM key and certificate): answers 200 `{}` and keeps the paths it got. */
export async function httpsStub(identity: {
  key: string;
  cert: string;
}): Promise<{ base: string; paths: string[]; stop(): Promise<void> }> {
  const paths: string[] = [];
  const server: Server = createServer(identity, (req, res) => {
    req.resume();
    req.on('end', () => {
      paths.push(req.url ?? '/');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    base: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    paths,
    stop: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** An https merchant stub with a self-signed certificate: answers 200 `{}` and counts what it got. */
export const selfSignedStub = () => httpsStub({ key: KEY, cert: CERT });
