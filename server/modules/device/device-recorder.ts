import type { Readable } from "node:stream";
import type { Kysely } from "kysely";
import { DEVICE_MESSAGES, DeviceCode, type DeviceStartRecording } from "../../../src/schema/device.js";
import { MOBILE_ARRAY_MESSAGES, type MobileArrayMember, type MobileArrayStart } from "../../../src/schema/mobile-array.js";
import type { RecordingChunkFields, RecordingChunkReceipt, RecordingEnvironment, RecordingRecord, RecordingUploadState } from "../../../src/schema/recording.js";
import { SEAL_MESSAGES, type SealingRecord } from "../../../src/schema/seal.js";
import { ResultCode } from "../../../src/schema/envelope.js";
import type { Database } from "../../db/database.js";
import { durableTransaction } from "../../db/dialect.js";
import { BusinessError } from "../../http/envelope.js";
import type { RecordingSink } from "../recording/recording-sink.js";
import type { RecordingService } from "../recording/recording.service.js";
import type { SealService } from "../seal/seal.service.js";
import type { DeviceRepository, DeviceRow } from "./device.repository.js";

/** The recordings a device feeds, and what it reads back of one (its evidence, once sealed). */
export type DeviceRecordingSink = RecordingSink & Pick<RecordingService, "detail">;
/** The holder's electronic seal, as a device may use it. */
export type DeviceSealPort = Pick<SealService, "sealCertificateForDevice">;

export type DeviceRecorderDeps = { db: Kysely<Database>; repository: DeviceRepository; sink: DeviceRecordingSink; now: () => number };

/**
 * Device recordings feed the recording sink as the device's holder. This side keeps which device
 * feeds which recording (one device cannot write into another's, even of the same holder) and
 * which devices a mobile array chose.
 */
export class DeviceRecorder {
  constructor(private readonly deps: DeviceRecorderDeps) {}

  async start(device: DeviceRow, params: DeviceStartRecording): Promise<RecordingRecord> {
    const { repository, sink } = this.deps;
    const groupId = params.groupId ?? null;
    if (groupId !== null) {
      if (!(await repository.isChosen(groupId, device.id))) throw new BusinessError(DeviceCode.notInGroup, DEVICE_MESSAGES.notInGroup);
      if (await repository.findPart(groupId, device.id)) throw new BusinessError(DeviceCode.alreadyJoined, DEVICE_MESSAGES.alreadyJoined);
    }
    const now = this.deps.now();
    const environment: RecordingEnvironment = {
      source: "device",
      userAgent: null,
      os: device.os,
      screen: null,
      surface: device.model,
      mimeType: params.mimeType,
      timeZone: params.timeZone ?? null,
      clockOffsetMs: params.clientTime - now,
      device: { id: device.id, name: device.name, publicKey: device.public_key },
    };
    const record = await sink.start(device.user_id, { kind: groupId === null ? "mobileRecord" : "mobileArray", source: "device", name: params.name, purpose: params.purpose ?? null, target: null, environment, groupId });
    // Should the process die before this row, the recording has no device to feed it: it is interrupted when idle and, empty, fails (its unit back).
    await repository.insertRecording({ recording_id: record.id, device_id: device.id, user_id: device.user_id, group_id: groupId, created_at: now });
    return record;
  }

  async appendChunk(device: DeviceRow, fields: RecordingChunkFields, chunk: Readable): Promise<RecordingChunkReceipt> {
    await this.#ownRecording(device, fields.id);
    return this.deps.sink.appendChunk(device.user_id, fields, chunk);
  }

  async uploadState(device: DeviceRow, id: number): Promise<RecordingUploadState> {
    await this.#ownRecording(device, id);
    return this.deps.sink.uploadState(device.user_id, id);
  }

  async stop(device: DeviceRow, id: number): Promise<RecordingRecord> {
    await this.#ownRecording(device, id);
    return this.deps.sink.stop(device.user_id, id);
  }

  /** A holder's mobile array: the group recording (paid once), then the devices chosen for it. */
  async startArray(userId: number, form: MobileArrayStart): Promise<RecordingRecord> {
    const devices = await this.deps.repository.activeForHolder(userId, form.deviceIds);
    if (devices.length !== form.deviceIds.length) throw new BusinessError(ResultCode.validationFailed, MOBILE_ARRAY_MESSAGES.deviceNotYours, { errors: { deviceIds: MOBILE_ARRAY_MESSAGES.deviceNotYours } });
    const environment: RecordingEnvironment = { source: "device", userAgent: null, os: null, screen: null, surface: `${devices.length} 台设备`, mimeType: "multipart/mixed", timeZone: null, clockOffsetMs: null, device: null };
    const group = await this.deps.sink.start(userId, { kind: "mobileArray", source: "device", name: form.name, purpose: form.purpose ?? null, target: null, environment, isGroup: true });
    await durableTransaction(this.deps.db, (trx) => this.deps.repository.chooseForGroup(trx, userId, group.id, form.deviceIds));
    return group;
  }

  async members(userId: number, groupId: number): Promise<MobileArrayMember[]> {
    const rows = await this.deps.repository.groupMembers(userId, groupId);
    return rows.map((row) => ({ deviceId: row.deviceId, deviceName: row.deviceName, partId: row.partId, joinTime: row.joinTime === null ? null : Number(row.joinTime) }));
  }

  /** Seals the certificate of the device's own sealed recording with the holder's electronic seal. */
  async sealCertificate(device: DeviceRow, id: number, seals: DeviceSealPort): Promise<SealingRecord> {
    await this.#ownRecording(device, id);
    const { evidenceId } = await this.deps.sink.detail(device.user_id, id);
    if (evidenceId === null) throw new BusinessError(ResultCode.validationFailed, SEAL_MESSAGES.evidenceNotReady);
    return seals.sealCertificateForDevice(device.user_id, device.id, evidenceId);
  }

  async #ownRecording(device: DeviceRow, id: number): Promise<void> {
    const row = await this.deps.repository.findRecording(id);
    if (!row || row.device_id !== device.id) throw new BusinessError(DeviceCode.notDevicesRecording, DEVICE_MESSAGES.notDevicesRecording);
  }
}
