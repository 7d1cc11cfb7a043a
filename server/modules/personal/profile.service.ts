import type { Readable } from "node:stream";
import { ResultCode } from "../../../src/schema/envelope.js";
import type { EndpointParams } from "../../../src/schema/contract.js";
import type { Profile } from "../../../src/schema/personal.js";
import type { PROFILE_ENDPOINTS } from "../../../src/schema/profile-form.js";
import { findRegionPath } from "../../../src/schema/regions.js";
import type { BlobStore } from "../../blobs/blob-store.js";
import { BusinessError } from "../../http/envelope.js";
import { toLoginUser } from "../account/login-user.js";
import type { AccountRecords } from "../account/account-records.service.js";
import type { SubAccounts } from "../account/sub-accounts.service.js";
import { parseAvatarDataUrl } from "./avatar-image.js";
import type { AvatarRepository } from "./avatar.repository.js";

/** Avatars are public by their content hash (the hash is unguessable, and the picture is meant to be seen). */
export const AVATAR_URL_PREFIX = "/files/avatar/";

export type ProfileDependencies = {
  accounts: Pick<AccountRecords, "requireUser" | "recordProfile" | "recordAvatar">;
  subAccounts: Pick<SubAccounts, "nameOf">;
  avatars: AvatarRepository;
  blobs: BlobStore;
  now: () => number;
  storagePrefix: string;
};

/** The account page (spec §2 accountManagement): avatar, industry, region. The display name stays derived (§6). */
export class ProfileService {
  constructor(private readonly deps: ProfileDependencies) {}

  async getProfile(userId: number): Promise<Profile> {
    const user = await this.deps.accounts.requireUser(userId);
    const path = user.region_district_id ? findRegionPath(user.region_district_id) : null;
    return {
      userInfo: toLoginUser(user, this.deps.storagePrefix),
      industryId: user.industry_id,
      region: path ? { province: path.province.id, city: path.city.id, district: path.district.id } : null,
      twoStepEnabled: user.two_step_enabled === 1,
      childAccountName: await this.deps.subAccounts.nameOf(userId),
    };
  }

  /** The body was validated by the shared schemas (industry list, region triple) before it got here. */
  async updateProfile(userId: number, update: EndpointParams<typeof PROFILE_ENDPOINTS.updateProfile>): Promise<Profile> {
    await this.deps.accounts.requireUser(userId);
    await this.deps.accounts.recordProfile(userId, { industryId: update.industryId, district: update.district });
    return this.getProfile(userId);
  }

  /** uploadHeadPortrait: stores the cropped image durably, then points the account at it. */
  async saveAvatar(userId: number, base64Data: string | undefined): Promise<{ headPortraitPath: string }> {
    await this.deps.accounts.requireUser(userId);
    const parsed = parseAvatarDataUrl(base64Data);
    if (!parsed.ok) throw new BusinessError(ResultCode.validationFailed, parsed.message, { errors: { base64Data: parsed.message } });
    const sha256 = await this.deps.blobs.put(parsed.image.content);
    await this.deps.avatars.record(sha256, parsed.image.mimeType, this.deps.now());
    const path = AVATAR_URL_PREFIX + sha256;
    await this.deps.accounts.recordAvatar(userId, path);
    return { headPortraitPath: this.deps.storagePrefix + path };
  }

  /** A published avatar's bytes; null for any other blob, whoever asks. */
  async openAvatar(sha256: string): Promise<{ stream: Readable; mimeType: string } | null> {
    const avatar = await this.deps.avatars.find(sha256);
    const stream = avatar ? await this.deps.blobs.open(sha256) : null;
    return avatar && stream ? { stream, mimeType: avatar.mime_type } : null;
  }

}
