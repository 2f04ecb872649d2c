import { Img } from '../../../components/ui/img.tsx';
import { pictureUrl } from '../media.ts';

interface ExercisePictureProps {
  picture: string | null | undefined;
  alt: string;
  size?: 'sm' | 'md' | 'lg';
}

/** A content picture in a soft frame; missing or broken pictures show the default image (SPEC §8). */
export function ExercisePicture({ picture, alt, size = 'md' }: ExercisePictureProps) {
  return (
    <div className={`exercise-picture exercise-picture--${size}`}>
      <Img src={pictureUrl(picture)} alt={alt} loading="eager" draggable={false} />
    </div>
  );
}
