import { randomBytes } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { Database, LoginChallengesTable } from "../../db/database.js";

export type LoginChallenge = Selectable<LoginChallengesTable>;
export const CHALLENGE_TTL_MS = 10 * 60 * 1000;

/** A login that waits for a second step (3012) or for the user's "next time" (3011). */
export class LoginChallengeRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
  ) {}

  async create(userId: number, kind: LoginChallenge["kind"]): Promise<string> {
    const id = randomBytes(24).toString("base64url");
    const now = this.now();
    await this.db
      .insertInto("login_challenges")
      .values({ id, user_id: userId, kind, created_at: now, expires_at: now + CHALLENGE_TTL_MS, consumed_at: null })
      .execute();
    return id;
  }

  async findLive(id: string, kind: LoginChallenge["kind"]): Promise<LoginChallenge | undefined> {
    return this.db
      .selectFrom("login_challenges")
      .selectAll()
      .where("id", "=", id)
      .where("kind", "=", kind)
      .where("consumed_at", "is", null)
      .where("expires_at", ">=", this.now())
      .executeTakeFirst();
  }

  async findLiveForUser(userId: number, kind: LoginChallenge["kind"]): Promise<LoginChallenge | undefined> {
    return this.db
      .selectFrom("login_challenges")
      .selectAll()
      .where("user_id", "=", userId)
      .where("kind", "=", kind)
      .where("consumed_at", "is", null)
      .where("expires_at", ">=", this.now())
      .orderBy("created_at", "desc")
      .limit(1)
      .executeTakeFirst();
  }

  async consume(id: string): Promise<boolean> {
    const result = await this.db
      .updateTable("login_challenges")
      .set({ consumed_at: this.now() })
      .where("id", "=", id)
      .where("consumed_at", "is", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
