import net from 'node:net';

/** A TCP proxy that a test can cut and restore, to play a database outage. */
export class TcpProxy {
  private server: net.Server | null = null;
  private sockets = new Set<net.Socket>();
  port = 0;

  constructor(private readonly targetHost: string, private readonly targetPort: number) {}

  /** Starts listening (on the same port as before after a cut). */
  async start(): Promise<number> {
    this.server = net.createServer((client) => {
      const upstream = net.connect(this.targetPort, this.targetHost);
      for (const s of [client, upstream]) { this.sockets.add(s); s.on('close', () => this.sockets.delete(s)); s.on('error', () => s.destroy()); }
      client.pipe(upstream);
      upstream.pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', () => resolve()));
    this.port = (this.server.address() as net.AddressInfo).port;
    return this.port;
  }

  /** Drops every connection and stops accepting new ones; returns how many connections were dropped. */
  async cut(): Promise<number> {
    // Two sockets (client and upstream) per connection.
    const dropped = Math.floor(this.sockets.size / 2);
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = null;
    return dropped;
  }
}
