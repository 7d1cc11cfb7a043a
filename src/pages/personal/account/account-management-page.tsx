import { Alert, Divider, Skeleton, Typography } from "antd";
import { useState } from "react";
import { AvatarUploadDialog } from "../../../components/avatar-upload/avatar-upload-dialog";
import { useUserSession } from "../../../providers/session-context";
import { PersonalPage } from "../personal-page";
import { useProfile } from "../use-profile";
import { AccountSummary } from "./account-summary";
import { ProfileForm } from "./profile-form";

/** /personal/accountManagement (spec §2): who the account is, its avatar, industry and region. */
export function AccountManagementPage() {
  const user = useUserSession();
  const profile = useProfile();
  const [isAvatarOpen, setAvatarOpen] = useState(false);

  return (
    <PersonalPage title="账号管理">
      {profile.message && <Alert type="error" showIcon message={profile.message} style={{ marginBottom: 16 }} />}
      {!profile.data || !user ? (
        <Skeleton active />
      ) : (
        <>
          <AccountSummary user={user} childAccountName={profile.data.childAccountName} onChangeAvatar={() => setAvatarOpen(true)} />
          <Divider />
          <Typography.Title level={5}>行业与地区</Typography.Title>
          <ProfileForm profile={profile.data} onSaved={profile.setData} />
        </>
      )}
      <AvatarUploadDialog open={isAvatarOpen} onClose={() => setAvatarOpen(false)} />
    </PersonalPage>
  );
}
