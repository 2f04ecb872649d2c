import { HeaderFrame } from './header-frame.tsx';
import { paths } from '../../config/paths.ts';

/**
 * While the session is asked for on a load that was signed in last time: the signed-in header's frame
 * (on a phone the pickers take a second row), so the page does not move down when the header arrives.
 */
export function SignedInHeaderPlaceholder() {
  return (
    <HeaderFrame kind="signed-in" home={paths.dashboard}>
      <div className="header__pickers placeholder" aria-hidden="true">
        <span className="picker" />
        <span className="picker" />
      </div>
      <div className="header__actions placeholder" aria-hidden="true">
        <span className="avatar" />
      </div>
    </HeaderFrame>
  );
}
