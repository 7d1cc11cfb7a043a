import { createHash, randomInt } from "node:crypto";
import type { Kysely } from "kysely";
import {
  BIND_CODE_ALPHABET,
  BIND_CODE_LENGTH,
  BIND_CODE_TTL_MS,
  DEVICE_LIFECYCLE,
  DEVICE_MESSAGES,
  DeviceCode,
  DeviceStateError,
  type DeviceAssignment,
  type DeviceBindCode,
  type DeviceListQuery,
  type DeviceRecord,
  type DeviceRegister,
  type DeviceRegistered,
  type DeviceState,
} from "../../../src/schema/device.js";
import { ResultCode } from "../../../src/schema/envelope.js";
import type { PageP } from "../../../src/schema/paging.js";
import type { Database } from "../../db/database.js";
import { durableTransaction } from "../../db/dialect.js";
import { BusinessError } from "../../http/envelope.js";
import { publicKeySha256 } from "./device-keys.js";
import type { DeviceRepository, DeviceRow } from "./device.repository.js";

export type DeviceServiceDeps = { db: Kysely<Database>; repository: DeviceRepository; now: () => number };

/**
 * The holder's devices: bind codes, binding (register), the list, rename, unbind. Other modules
 * (the seal configuration) read a holder's devices through listForHolder / activeForHolder.
 */
export class DeviceService {
  constructor(private readonly deps: DeviceServiceDeps) {}

  /** The holder's bound (active) devices, oldest first: what a seal configuration chooses from. */
  async listForHolder(userId: number): Promise<DeviceRecord[]> {
    return (await this.deps.repository.activeForHolder(userId)).map(toDeviceRecord);
  }

  /** Those of `ids` that are the holder's bound devices (a choice is checked against this). */
  async activeForHolder(userId: number, ids: readonly number[]): Promise<DeviceRecord[]> {
    return (await this.deps.repository.activeForHolder(userId, ids)).map(toDeviceRecord);
  }

  async list(userId: number, query: DeviceListQuery): Promise<PageP<DeviceRecord>> {
    const { rows, total } = await this.deps.repository.list(userId, { keyName: query.keyName, state: query.state, pageNumber: query.pageNumber, pageSize: query.pageSize });
    return { list: rows.map(toDeviceRecord), pageNumber: query.pageNumber, pageSize: query.pageSize, totalPage: Math.ceil(total / query.pageSize), totalRow: total };
  }

  /**
   * A new one-use code; earlier unused codes of the holder stop working, so at most one guessable
   * code per holder is alive. Only its SHA-256 is stored: a code is a secret until it is used.
   */
  async createBindCode(userId: number): Promise<DeviceBindCode> {
    const code = Array.from({ length: BIND_CODE_LENGTH }, () => BIND_CODE_ALPHABET[randomInt(BIND_CODE_ALPHABET.length)]).join("");
    const now = this.deps.now();
    const expiresAt = now + BIND_CODE_TTL_MS;
    await durableTransaction(this.deps.db, (trx) => this.deps.repository.replaceBindCode(trx, { user_id: userId, code_sha256: codeDigest(code), expires_at: expiresAt, used_at: null, device_id: null, created_at: now }));
    return { code, expiresAt };
  }

  /**
   * Binds a device to the holder who made the code. The caller has checked the request's
   * signature against `form.publicKey` (proof of possession). The code is spent in the same
   * transaction that stores the device, so a code binds exactly one device.
   */
  async register(form: DeviceRegister): Promise<DeviceRegistered> {
    const now = this.deps.now();
    const fingerprint = publicKeySha256(form.publicKey);
    const { repository } = this.deps;
    const deviceId = await durableTransaction(this.deps.db, async (trx) => {
      const code = await repository.findBindCode(trx, codeDigest(form.code));
      if (!code) throw new BusinessError(DeviceCode.codeWrong, DEVICE_MESSAGES.codeWrong);
      if (code.used_at !== null) throw new BusinessError(DeviceCode.codeUsed, DEVICE_MESSAGES.codeUsed);
      if (code.expires_at <= now) throw new BusinessError(DeviceCode.codeExpired, DEVICE_MESSAGES.codeExpired);
      if (await repository.activeWithKey(trx, fingerprint)) throw new BusinessError(DeviceCode.publicKeyTaken, DEVICE_MESSAGES.publicKeyTaken);
      const id = await repository.insert(trx, {
        user_id: code.user_id,
        name: form.name,
        model: form.model ?? null,
        os: form.os ?? null,
        public_key: form.publicKey,
        public_key_sha256: fingerprint,
        state: "active" satisfies DeviceState,
        created_at: now,
        last_seen_at: now,
        unbound_at: null,
        updated_at: now,
      });
      if (!(await repository.spendBindCode(trx, code.id, id, now))) throw new BusinessError(DeviceCode.codeUsed, DEVICE_MESSAGES.codeUsed);
      return id;
    });
    return { deviceId, name: form.name, publicKeySha256: fingerprint, serverTime: now };
  }

  async rename(userId: number, id: number, name: string): Promise<DeviceRecord> {
    const row = await this.#holderDevice(userId, id);
    await this.deps.repository.rename(row.id, name, this.deps.now());
    return toDeviceRecord({ ...row, name });
  }

  async unbind(userId: number, id: number): Promise<DeviceRecord> {
    const row = await this.#holderDevice(userId, id);
    const from = row.state as DeviceState;
    // A refused move is the holder's answer, not a server fault.
    const refusal = () => new BusinessError(ResultCode.validationFailed, new DeviceStateError(from, "unbind").message);
    if (!DEVICE_LIFECYCLE.can(from, "unbind")) throw refusal();
    const now = this.deps.now();
    const patch = { state: DEVICE_LIFECYCLE.next(from, "unbind"), unbound_at: now, updated_at: now };
    if (!(await durableTransaction(this.deps.db, (trx) => this.deps.repository.updateIn(trx, row.id, from, patch)))) throw refusal();
    return toDeviceRecord({ ...row, ...patch });
  }

  /** The device a signed call names, if it is bound; refusals say which. */
  async activeDevice(id: number): Promise<DeviceRow> {
    const row = await this.deps.repository.find(id);
    if (!row) throw new BusinessError(DeviceCode.deviceUnknown, DEVICE_MESSAGES.deviceUnknown);
    if (row.state !== "active") throw new BusinessError(DeviceCode.deviceUnbound, DEVICE_MESSAGES.deviceUnbound);
    return row;
  }

  /** Notes that the device called (shown as 最近使用); not worth a durable write. */
  async touch(id: number): Promise<void> {
    await this.deps.repository.touch(id, this.deps.now());
  }

  /** The mobile arrays the device was chosen for, newest first, and whether it joined each. */
  async assignments(device: DeviceRow): Promise<DeviceAssignment[]> {
    const groups = await this.deps.repository.groupsOfDevice(device.id, 20);
    return groups.map((group) => ({ groupId: group.groupId, joined: group.partId !== null }));
  }

  async deleteExpiredCodes(): Promise<void> {
    // Kept a day past expiry so "expired" (rather than "wrong") can still be told for a while.
    await this.deps.repository.deleteBindCodesBefore(this.deps.now() - 24 * 3_600_000);
  }

  async #holderDevice(userId: number, id: number): Promise<DeviceRow> {
    const row = await this.deps.repository.findForHolder(userId, id);
    if (!row) throw new BusinessError(ResultCode.notFound, DEVICE_MESSAGES.notFound);
    return row;
  }
}

function codeDigest(code: string): string {
  return createHash("sha256").update(code, "utf8").digest("hex");
}

export function toDeviceRecord(row: DeviceRow): DeviceRecord {
  return {
    id: row.id,
    name: row.name,
    model: row.model,
    os: row.os,
    publicKeySha256: row.public_key_sha256,
    publicKey: row.public_key,
    state: row.state as DeviceState,
    bindTime: Number(row.created_at),
    lastSeenTime: row.last_seen_at === null ? null : Number(row.last_seen_at),
    unbindTime: row.unbound_at === null ? null : Number(row.unbound_at),
  };
}
