import { useTranslation } from 'react-i18next';
import { DialogFrame, type DialogProps } from './dialog-frame';

export type { DialogProps, DialogSize } from './dialog-frame';

/** The portal's modal: DialogFrame with its close icon named in the UI language. */
export function Dialog(props: DialogProps) {
  const { t } = useTranslation('common');
  return <DialogFrame {...props} closeLabel={t('closeDialog')} />;
}
