import { useTranslation } from 'react-i18next';

/** A value the deal or the buyer left empty: 'Not provided', in words rather than a dash a screen reader skips. */
export function NotProvided() {
  const { t } = useTranslation();
  return <span className="font-normal text-slate-500">{t('dealCommon.notProvided')}</span>;
}
