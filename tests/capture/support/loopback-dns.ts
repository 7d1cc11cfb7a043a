import { createSocket } from "node:dgram";
import type { AddressInfo } from "node:net";

/**
 * A DNS server on 127.0.0.1 (UDP) answering from a fixed zone, so resolver tests never ask a real
 * one. Enough of RFC 1035 for one question per query: A, AAAA and CNAME records (a name with a
 * CNAME answers it, then the target's records of the type asked); unknown names get NXDOMAIN.
 */

export type ZoneRecord = { type: "A" | "AAAA"; value: string; ttl: number } | { type: "CNAME"; value: string; ttl: number };
const TYPE_CODES = { A: 1, CNAME: 5, AAAA: 28 } as const;

function encodeName(name: string): Buffer {
  return Buffer.concat([...name.split(".").filter(Boolean).map((label) => Buffer.concat([Buffer.from([label.length]), Buffer.from(label)])), Buffer.from([0])]);
}

function readName(message: Buffer, offset: number): { name: string; end: number } {
  const labels: string[] = [];
  let at = offset;
  while (message[at]! !== 0) {
    labels.push(message.subarray(at + 1, at + 1 + message[at]!).toString());
    at += 1 + message[at]!;
  }
  return { name: labels.join(".").toLowerCase(), end: at + 1 };
}

function encodeAddress(type: "A" | "AAAA", value: string): Buffer {
  if (type === "A") return Buffer.from(value.split(".").map(Number));
  const [head = "", tail = ""] = value.split("::");
  const groups = (text: string) => (text === "" ? [] : text.split(":").map((group) => parseInt(group, 16)));
  const all = value.includes("::") ? [...groups(head), ...Array(8 - groups(head).length - groups(tail).length).fill(0), ...groups(tail)] : groups(value);
  const bytes = Buffer.alloc(16);
  all.forEach((group, index) => bytes.writeUInt16BE(group, index * 2));
  return bytes;
}

function record(name: string, entry: ZoneRecord): Buffer {
  const data = entry.type === "CNAME" ? encodeName(entry.value) : encodeAddress(entry.type, entry.value);
  const fixed = Buffer.alloc(10);
  fixed.writeUInt16BE(TYPE_CODES[entry.type], 0);
  fixed.writeUInt16BE(1, 2);
  fixed.writeUInt32BE(entry.ttl, 4);
  fixed.writeUInt16BE(data.length, 8);
  return Buffer.concat([encodeName(name), fixed, data]);
}

export async function startLoopbackDns(zone: Record<string, ZoneRecord[]>): Promise<{ server: string; queries: string[]; close(): Promise<void> }> {
  const socket = createSocket("udp4");
  const queries: string[] = [];
  socket.on("message", (query, peer) => {
    const { name, end } = readName(query, 12);
    const typeCode = query.readUInt16BE(end);
    const type = (Object.keys(TYPE_CODES) as (keyof typeof TYPE_CODES)[]).find((key) => TYPE_CODES[key] === typeCode);
    queries.push(`${type ?? typeCode} ${name}`);
    const answers: Buffer[] = [];
    const own = zone[name];
    const cname = own?.find((entry) => entry.type === "CNAME");
    if (cname) answers.push(record(name, cname));
    if (type !== "CNAME") {
      const owner = cname ? cname.value : name;
      for (const entry of zone[owner] ?? []) if (entry.type === type) answers.push(record(owner, entry));
    }
    const header = Buffer.alloc(12);
    query.copy(header, 0, 0, 2);
    header.writeUInt16BE(own ? 0x8180 : 0x8183, 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    socket.send(Buffer.concat([header, query.subarray(12, end + 4), ...answers]), peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
  return {
    server: `127.0.0.1:${(socket.address() as AddressInfo).port}`,
    queries,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
