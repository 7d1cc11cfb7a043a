import type { ButtonProps } from "antd";
import { useAppLinks } from "../../providers/app-links-context";
import { useBalance } from "../../providers/use-account-billing";
import { RouterLinkButton } from "../router-link-button";
import { rechargeLabel } from "./recharge-label";

/** The way to online recharge, labelled with the account's balance (spec §4). */
export function RechargeButton(props: Omit<ButtonProps, "href" | "onClick" | "children">) {
  const { balanceFen } = useBalance();
  const links = useAppLinks();
  return (
    <RouterLinkButton {...props} to={links.onlineCharge}>
      {rechargeLabel(balanceFen)}
    </RouterLinkButton>
  );
}
