import { createHash, randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, open, rm } from "node:fs/promises";
import { join } from "node:path";
import { Readable } from "node:stream";
import { WARCParser } from "warcio";
import {
  CLOUD_BROWSER_CERTIFICATE_STATEMENT,
  CLOUD_BROWSER_DETACHED_LIMIT_MS,
  CLOUD_BROWSER_MESSAGES,
  CLOUD_BROWSER_PROCEDURE_FILE,
  CLOUD_BROWSER_SCREENS,
  CLOUD_BROWSER_VIEWPORT_LABELS,
  CLOUD_SESSION_LIFECYCLE,
  type CloudBrowserClientMessage,
  type CloudBrowserProcedure,
  type CloudBrowserStart,
  type CloudBrowserStatus,
} from "../../../src/schema/cloud-browser.js";
import { RECORDING_CHUNK_MAX_BYTES, RECORDING_TIMESLICE_MS, type RecordingRecord } from "../../../src/schema/recording.js";
import { RECORDING_PACKAGE_PATHS } from "../../../src/schema/recording-package.js";
import type { BrowserPool } from "../../capture/browser/browser-pool.js";
import { chromiumUserAgent } from "../../capture/capture-engine.js";
import type { CaptureNetworkSettings } from "../../capture/capture-engine.types.js";
import { createCaptureNetwork } from "../../capture/network/capture-network.js";
import type { RecordingSink } from "../../modules/recording/recording-sink.js";
import { ffmpegCheck } from "../system-tools.js";
import { CloudSession, type ServerMessage } from "./cloud-session.js";
import { openSessionEvents } from "./session-events.js";
import { VIDEO_MIME_TYPE } from "./frame-video.js";

/**
 * The cloud browser (issue 16): sessions of the capture's browser pool, each recorded into the
 * recording sink as a procedureRecord of source cloudBrowser. The engine owns the sessions'
 * lifetimes: the holder's stop, the time limit, a page gone for CLOUD_BROWSER_DETACHED_LIMIT_MS,
 * a crashed browser or a reached bound all end a session the same way (files attached, then the
 * sink's stop, which seals what was recorded).
 */

/** The video's chunks are one a timeslice (or 1 MB, whichever first), far below the sink's limit. */
const CHUNK_BYTES = Math.min(1024 * 1024, RECORDING_CHUNK_MAX_BYTES);
/** Waiting for a free browser slot longer than this means the platform is busy: the start is refused. */
const ACQUIRE_TIMEOUT_MS = 30_000;
const STATUS_INTERVAL_MS = 1_000;
/** A session's own network bounds: a long procedure makes many more requests than one capture. */
export const CLOUD_NETWORK_LIMITS = { maxBytes: 1024 * 1024 * 1024, maxRequests: 20_000, requestTimeoutMs: 30_000 } as const;

/** Debian's ffmpeg, found on PATH (as the recording module's check finds it). */
export const DEFAULT_FFMPEG_PATH = "ffmpeg";

export class CloudBrowserUnavailableError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = "CloudBrowserUnavailableError";
  }
}

export type CloudBrowserAvailability = { available: true; chromium: string } | { available: false; reason: string };

/** Whether sessions can start here: the pool's Chromium and Debian's ffmpeg; the first missing one says why. */
export function cloudBrowserAvailability(pool: BrowserPool, ffmpegPath: string): () => Promise<CloudBrowserAvailability> {
  const ffmpeg = ffmpegCheck(ffmpegPath);
  return async () => {
    const [chromium, encoder] = await Promise.all([pool.availability(), ffmpeg()]);
    if (!chromium.available) return chromium;
    if (!encoder.available) return encoder;
    return chromium;
  };
}

export interface CloudBrowserEngineSettings {
  pool: BrowserPool;
  sink: RecordingSink;
  ffmpegPath: string;
  network: Pick<CaptureNetworkSettings, "allowedHosts" | "extraCaCertificates" | "workDir">;
  /** The longest session (CLOUD_BROWSER_MAX_MS). */
  maxMs: number;
  detachedLimitMs?: number;
  platform: { name: string; version: string };
}

/** What a page holding a session may do; `release` when its socket closes. */
export interface SessionHold {
  handle(message: CloudBrowserClientMessage): void;
  release(): void;
}

interface Running {
  userId: number;
  request: CloudBrowserStart;
  session: CloudSession;
  workDir: string;
  eventsPath: string;
  chromium: string;
  userAgent: string;
  timers: NodeJS.Timeout[];
  detachedTimer: NodeJS.Timeout | null;
  ending: Promise<RecordingRecord> | null;
  /** Lets the holding page go once the session has ended. */
  letGo: (() => void) | null;
}

export type CloudBrowserEngine = ReturnType<typeof createCloudBrowserEngine>;

export function createCloudBrowserEngine(settings: CloudBrowserEngineSettings) {
  const { pool, sink } = settings;
  const detachedLimitMs = settings.detachedLimitMs ?? CLOUD_BROWSER_DETACHED_LIMIT_MS;
  const sessions = new Map<number, Running>();
  const suffix = `HengzhengCapture/${settings.platform.version}`;

  const availability = cloudBrowserAvailability(pool, settings.ffmpegPath);

  const statusOf = (id: number, running: Running): CloudBrowserStatus => ({
    id,
    state: running.session.state,
    viewport: running.request.viewport,
    startUrl: running.request.url,
    url: running.session.url,
    title: running.session.title,
    elapsedMs: running.session.elapsedMs(),
    maxMs: settings.maxMs,
    chunks: running.session.chunks,
    anchors: running.session.anchors,
    endReason: running.session.endReason,
  });

  const armDetached = (id: number, running: Running) => {
    if (running.detachedTimer) clearTimeout(running.detachedTimer);
    running.detachedTimer = setTimeout(() => void end(id, CLOUD_BROWSER_MESSAGES.detached).catch(() => undefined), detachedLimitMs);
  };

  /** Ends a session once, whoever asks first; the others wait for the same record. */
  const end = (id: number, reason: string | null): Promise<RecordingRecord> => {
    const running = sessions.get(id);
    if (!running) return Promise.reject(new Error(CLOUD_BROWSER_MESSAGES.sessionNotFound));
    running.ending ??= finish(id, running, reason);
    return running.ending;
  };

  const finish = async (id: number, running: Running, reason: string | null): Promise<RecordingRecord> => {
    for (const timer of running.timers) clearInterval(timer);
    if (running.detachedTimer) clearTimeout(running.detachedTimer);
    const { session, userId } = running;
    try {
      let stopped: { warcPath: string; finalUrl: string } | null = null;
      if (session.state === "opening") {
        // Failed while opening (the browser went away): nothing was recorded to keep.
        await session.abandon();
      } else {
        try {
          stopped = await session.stop(reason);
        } catch {
          session.endReason ??= CLOUD_BROWSER_MESSAGES.browserFailed;
        }
      }
      // Whatever was recorded is attached and sealed, even when the session ended badly.
      if (stopped) {
        const procedure: CloudBrowserProcedure = {
          statement: CLOUD_BROWSER_CERTIFICATE_STATEMENT,
          startUrl: running.request.url,
          finalUrl: stopped.finalUrl,
          viewport: running.request.viewport,
          screen: { width: session.screen.width, height: session.screen.height },
          ...session.countsOf(),
          warcRecords: await countWarcRecords(stopped.warcPath),
          chromium: running.chromium,
          userAgent: running.userAgent,
          endReason: session.endReason,
        };
        const procedurePath = join(running.workDir, CLOUD_BROWSER_PROCEDURE_FILE);
        await writeSynced(procedurePath, JSON.stringify(procedure, null, 2));
        await sink.attachFile(userId, id, RECORDING_PACKAGE_PATHS.warc, stopped.warcPath);
        await sink.attachFile(userId, id, RECORDING_PACKAGE_PATHS.events, running.eventsPath);
        await sink.attachFile(userId, id, CLOUD_BROWSER_PROCEDURE_FILE, procedurePath);
      }
      // Any end but the holder's own (a lost page, a failure, the time limit, a shutdown) cut it off.
      const record = await sink.stop(userId, id, reason === null ? "stopped" : "interrupted");
      session.state = CLOUD_SESSION_LIFECYCLE.can(session.state, "finish") ? CLOUD_SESSION_LIFECYCLE.next(session.state, "finish") : session.state;
      session.notify({ type: "status", status: statusOf(id, running) });
      return record;
    } finally {
      running.letGo?.();
      sessions.delete(id);
      await rm(running.workDir, { recursive: true, force: true }).catch(() => undefined);
    }
  };

  return {
    availability,

    /** Opens a session and its recording; refuses with CloudBrowserUnavailableError when Chromium or ffmpeg is missing. */
    async start(userId: number, request: CloudBrowserStart): Promise<CloudBrowserStatus> {
      const available = await availability();
      if (!available.available) throw new CloudBrowserUnavailableError(available.reason);
      const lease = await pool.acquire(AbortSignal.timeout(ACQUIRE_TIMEOUT_MS)).catch((error: unknown) => {
        throw new CloudBrowserUnavailableError(error instanceof DOMException && error.name === "TimeoutError" ? "云端浏览器繁忙，请稍后再试" : `云端浏览器无法启动：${String(error).split("\n")[0].slice(0, 200)}`);
      });
      const version = lease.browser.version();
      const screen = CLOUD_BROWSER_SCREENS[request.viewport];
      const userAgent = chromiumUserAgent(version, suffix, { mobile: request.viewport === "mobile" });
      let record: RecordingRecord;
      try {
        record = await sink.start(userId, {
          kind: "procedureRecord",
          source: "cloudBrowser",
          name: request.name,
          purpose: request.purpose ?? null,
          target: request.url,
          environment: {
            source: "cloudBrowser",
            userAgent,
            os: "Linux（平台云端浏览器）",
            screen: { width: screen.width, height: screen.height, pixelRatio: screen.deviceScaleFactor },
            surface: `云端浏览器视口（${CLOUD_BROWSER_VIEWPORT_LABELS[request.viewport]}）`,
            mimeType: VIDEO_MIME_TYPE,
            timeZone: "Asia/Shanghai",
            clockOffsetMs: 0,
            device: null,
          },
        });
      } catch (error) {
        lease.release();
        throw error;
      }
      const id = record.id;
      const workDir = join(settings.network.workDir, `cloud-${id}-${randomBytes(6).toString("hex")}`);
      const eventsPath = join(workDir, RECORDING_PACKAGE_PATHS.events);
      const events = await mkdir(workDir, { recursive: true, mode: 0o700 })
        .then(() => openSessionEvents(eventsPath, performance.now()))
        .catch(async (error: unknown) => {
          lease.release();
          await sink.stop(userId, id).catch(() => undefined);
          throw error;
        });
      const network = createCaptureNetwork({ ...settings.network, workDir, ...CLOUD_NETWORK_LIMITS }, id);
      let chunkIndex = 0;
      const session: CloudSession = new CloudSession({
        id,
        startUrl: request.url,
        viewport: request.viewport,
        userAgent,
        lease,
        network,
        events,
        ffmpegPath: settings.ffmpegPath,
        timesliceMs: RECORDING_TIMESLICE_MS,
        maxChunkBytes: CHUNK_BYTES,
        storeChunk: async (chunk, recordedMs) => {
          const receipt = await sink.appendChunk(userId, { id, index: chunkIndex, sha256: createHash("sha256").update(chunk).digest("hex"), recordedMs }, Readable.from([chunk]));
          chunkIndex = receipt.received;
          return { chunks: receipt.received, anchors: receipt.anchors };
        },
        onFatal: (reason) => void end(id, reason).catch(() => undefined),
      });
      const running: Running = { userId, request, session, workDir, eventsPath, chromium: `Chromium ${version}`, userAgent, timers: [], detachedTimer: null, ending: null, letGo: null };
      sessions.set(id, running);
      try {
        await session.open();
      } catch (error) {
        sessions.delete(id);
        await session.abandon();
        await rm(workDir, { recursive: true, force: true }).catch(() => undefined);
        // Nothing was recorded: stopping it lets the recording module fail it and give the unit back.
        await sink.stop(userId, id).catch(() => undefined);
        throw new CloudBrowserUnavailableError(`云端浏览器无法启动：${String(error).split("\n")[0].slice(0, 200)}`);
      }
      running.timers.push(
        setTimeout(() => void end(id, CLOUD_BROWSER_MESSAGES.tooLong).catch(() => undefined), settings.maxMs),
        setInterval(() => session.notify({ type: "status", status: statusOf(id, running) }), STATUS_INTERVAL_MS),
      );
      armDetached(id, running);
      return statusOf(id, running);
    },

    /** The holder's stop: the session ends and its recording is sealed. */
    stop(userId: number, id: number): Promise<RecordingRecord> | null {
      const running = sessions.get(id);
      if (!running || running.userId !== userId) return null;
      return end(id, null);
    },

    status(userId: number, id: number): CloudBrowserStatus | null {
      const running = sessions.get(id);
      return running && running.userId === userId ? statusOf(id, running) : null;
    },

    /** The page's socket takes the session: one holder at a time. */
    hold(userId: number, id: number, page: { send: (message: ServerMessage) => void; backlog: () => number; letGo: () => void }): SessionHold | "notFound" | "heldElsewhere" {
      const { send, backlog } = page;
      const running = sessions.get(id);
      if (!running || running.userId !== userId || running.ending) return "notFound";
      if (running.session.isHeld) return "heldElsewhere";
      if (running.detachedTimer) clearTimeout(running.detachedTimer);
      running.detachedTimer = null;
      running.session.attach(send, backlog);
      running.letGo = page.letGo;
      send({ type: "status", status: statusOf(id, running) });
      return {
        handle: (message) => {
          if (message.type === "stop") void end(id, null).catch(() => undefined);
          else running.session.handle(message);
        },
        release: () => {
          running.session.detach(send);
          if (running.letGo === page.letGo) running.letGo = null;
          if (!running.ending) armDetached(id, running);
        },
      };
    },

    /** Shutting down: every session is ended and sealed as far as it got. */
    async close(): Promise<void> {
      await Promise.all([...sessions.keys()].map((id) => end(id, "服务正在关闭，录制已结束并封存").catch(() => undefined)));
    },
  };
}

async function countWarcRecords(path: string): Promise<number> {
  let count = 0;
  for await (const record of new WARCParser(createReadStream(path))) {
    void record;
    count += 1;
  }
  return count;
}

async function writeSynced(path: string, text: string): Promise<void> {
  const file = await open(path, "wx", 0o600);
  try {
    await file.writeFile(text);
    await file.sync();
  } finally {
    await file.close();
  }
}
