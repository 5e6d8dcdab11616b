import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertPortFree, PortInUseError, startProcess, waitForPort } from './processes';

describe('assertPortFree', () => {
  it('names the port and the service when something already listens there', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const failure = assertPortFree(port, 'API adapter');
      await expect(failure).rejects.toBeInstanceOf(PortInUseError);
      await expect(failure).rejects.toThrow(`Port ${port} (API adapter) is already in use`);
    } finally {
      server.close();
    }
  });
});

describe('startProcess', () => {
  it('stops the process it started by its PID', async () => {
    const script = "require('node:net').createServer().listen(0, '127.0.0.1', function () { console.log(this.address().port); });";
    const managed = startProcess('sleeper', process.execPath, ['-e', script], { logFile: join(tmpdir(), `sleeper-${process.pid}.log`) });
    const port = await new Promise<number>((resolve) => managed.child.stdout?.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))));
    await waitForPort(port, 'sleeper', managed.child);
    await managed.stop();
    expect(managed.child.exitCode !== null || managed.child.signalCode !== null).toBe(true);
    expect(() => process.kill(managed.pid, 0)).toThrow();
  });
});
