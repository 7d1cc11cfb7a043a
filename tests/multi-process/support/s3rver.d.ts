// s3rver ships no types; the tests use its constructor, run() and close().
declare module "s3rver" {
  import type { Server } from "node:http";
  import type { AddressInfo } from "node:net";
  export default class S3rver {
    constructor(options: { address?: string; port?: number; silent?: boolean; directory: string; configureBuckets?: { name: string }[] });
    run(): Promise<AddressInfo>;
    readonly httpServer: Server;
    close(): Promise<void>;
  }
}
