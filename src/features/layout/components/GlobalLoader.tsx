import { Spinner } from '../../../components/Spinner';
import { useGlobalLoader } from '../use-global-loader';

/** The app-wide spinner, full-screen unless shown with another style. */
export function GlobalLoader() {
  const { isLoading, style } = useGlobalLoader();
  if (!isLoading) return null;
  return <Spinner variant={style} label="Please wait" />;
}
