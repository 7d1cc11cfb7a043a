import { openDatabase } from "./server/db/dialect.js";
import { SessionRepository } from "./server/modules/session/session.repository.js";
import { SessionService } from "./server/modules/session/session.service.js";
const database = openDatabase({ kind: "sqlite", file: "/tmp/wt4-data/platform.sqlite" });
const sessions = new SessionService(new SessionRepository(database.db), Date.now);
const { token } = await sessions.create("e2e-shot", "user");
console.log(JSON.stringify({ token, timestamp: Date.now(), id: "e2e-shot", loginAccount: "13800138000", userRealName: "张三", islogin: true }));
await database.db.destroy();
