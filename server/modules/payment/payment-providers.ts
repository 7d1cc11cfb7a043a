import { readFileSync } from "node:fs";
import { ConfigError, type AppConfig } from "../../config.js";
import { AlipayProvider } from "./alipay-provider.js";
import type { PaymentProvider, PaymentProviderKey } from "./payment-provider.js";
import { WechatpayProvider } from "./wechatpay-provider.js";

/**
 * The providers this installation offers, by configuration: PAYMENT_PROVIDER names the real ones
 * (their variables are read here, key files from disk, so no secret sits in the environment);
 * without it the development cashier (made by `developmentCashier`), where development providers
 * are allowed; otherwise none.
 */
export function paymentProvidersFor(config: AppConfig, developmentCashier: () => PaymentProvider, env: NodeJS.ProcessEnv = process.env): Map<PaymentProviderKey, PaymentProvider> {
  const providers = new Map<PaymentProviderKey, PaymentProvider>();
  if (config.paymentProviders.length === 0) {
    if (config.developmentProviders) providers.set("development", developmentCashier());
    return providers;
  }
  for (const key of config.paymentProviders) providers.set(key, key === "alipay" ? alipayFrom(env) : wechatpayFrom(env));
  return providers;
}

function alipayFrom(env: NodeJS.ProcessEnv): AlipayProvider {
  const [appId, privateKeyFile, publicKeyFile] = required(env, ["ALIPAY_APP_ID", "ALIPAY_APP_PRIVATE_KEY_FILE", "ALIPAY_PUBLIC_KEY_FILE"]);
  return new AlipayProvider({
    appId,
    appPrivateKey: readKey("ALIPAY_APP_PRIVATE_KEY_FILE", privateKeyFile),
    alipayPublicKey: readKey("ALIPAY_PUBLIC_KEY_FILE", publicKeyFile),
    sellerId: env.ALIPAY_SELLER_ID || undefined,
    gatewayUrl: env.ALIPAY_GATEWAY_URL || undefined,
  });
}

function wechatpayFrom(env: NodeJS.ProcessEnv): WechatpayProvider {
  const [mchid, appid, merchantSerialNo, privateKeyFile, apiV3Key, platformKeys] = required(env, [
    "WECHATPAY_MCHID",
    "WECHATPAY_APPID",
    "WECHATPAY_MERCHANT_SERIAL_NO",
    "WECHATPAY_MERCHANT_PRIVATE_KEY_FILE",
    "WECHATPAY_API_V3_KEY",
    "WECHATPAY_PLATFORM_PUBLIC_KEYS",
  ]);
  // "serial=file,serial=file": WeChat Pay names the key that signed a notification by its serial.
  const platformPublicKeys = Object.fromEntries(
    platformKeys.split(",").map((pair) => {
      const [serial, file] = pair.split("=").map((part) => part.trim());
      if (!serial || !file) throw new ConfigError(["WECHATPAY_PLATFORM_PUBLIC_KEYS 必须是以逗号分隔的“证书序列号=公钥文件”"]);
      return [serial, readKey("WECHATPAY_PLATFORM_PUBLIC_KEYS", file)];
    }),
  );
  return new WechatpayProvider({
    mchid,
    appid,
    merchantSerialNo,
    merchantPrivateKey: readKey("WECHATPAY_MERCHANT_PRIVATE_KEY_FILE", privateKeyFile),
    apiV3Key,
    platformPublicKeys,
    gatewayUrl: env.WECHATPAY_GATEWAY_URL || undefined,
  });
}

function required(env: NodeJS.ProcessEnv, names: string[]): string[] {
  const missing = names.filter((name) => !env[name]);
  if (missing.length) throw new ConfigError(missing.map((name) => `${name} 未配置：PAYMENT_PROVIDER 选择的支付渠道需要它`));
  return names.map((name) => env[name]!);
}

/** Never echoes the file's content: a refusal names the variable and the path only. */
function readKey(variable: string, file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch {
    throw new ConfigError([`${variable} 指向的密钥文件 ${JSON.stringify(file)} 无法读取`]);
  }
}
