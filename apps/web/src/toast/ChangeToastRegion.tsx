import { lazyPart } from '../ui/lazy-part';
import { useAnnouncement } from './change-announcements';
import './toast.css';

export const ChangeToast = lazyPart(
  'the change message',
  async () => (await import('./ChangeToast')).ChangeToast,
);

/**
 * The `status` region the message after each change shows in: always in the page, so screen
 * readers announce what appears in it. Its contents load with the first change.
 */
export function ChangeToastRegion() {
  const announcement = useAnnouncement();
  return (
    <div role="status" className="change-toast">
      {announcement !== null && <ChangeToast key={announcement.id} announcement={announcement} />}
    </div>
  );
}
