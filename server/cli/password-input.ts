/**
 * A new account's password on the command line: typed twice without echo on a terminal, or the
 * first line of a pipe. Never an argument, where it would stay in the shell history and show in
 * `ps`. Null when the two typed passwords differ.
 */
export async function readNewPassword(): Promise<string | null> {
  return process.stdin.isTTY ? askPasswordTwice() : readFirstLine();
}

async function askPasswordTwice(): Promise<string | null> {
  const first = await askHidden("请输入密码：");
  const second = await askHidden("请再次输入密码：");
  return first === second ? first : null;
}

/** Reads one line from the terminal without echoing it. */
function askHidden(question: string): Promise<string> {
  const { stdin, stderr } = process;
  stderr.write(question);
  stdin.setRawMode(true);
  stdin.setEncoding("utf8");
  stdin.resume();
  return new Promise((resolve, reject) => {
    let value = "";
    const finish = () => {
      stdin.off("data", onData);
      stdin.setRawMode(false);
      stdin.pause();
      stderr.write("\n");
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === "\r" || char === "\n") {
          finish();
          return resolve(value);
        }
        if (char === "\u0003") {
          finish();
          return reject(new Error("已取消"));
        }
        value = char === "\u007f" || char === "\b" ? value.slice(0, -1) : value + char;
      }
    };
    stdin.on("data", onData);
  });
}

async function readFirstLine(): Promise<string> {
  let text = "";
  for await (const chunk of process.stdin) text += String(chunk);
  return text.split(/\r?\n/)[0] ?? "";
}

