/**
 * The S3-compatible storage adapter (DECISIONS.md, Files): any bucket that speaks the S3 API (AWS
 * S3, MinIO, R2, …) through the AWS SDK, path-style when configured. Files are still served by the
 * API under `/files/…`, so their URLs do not depend on where they are kept.
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { contentTypeOfKey, KEY_PATTERN, type FileStorage, type StoredFile } from './storage';

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Prefix of every key in the bucket, e.g. `dealclub/`. */
  prefix: string;
}

export class S3Storage implements FileStorage {
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
    });
  }

  private objectKey(key: string): string {
    if (!KEY_PATTERN.test(key)) throw new Error(`invalid file key ${key}`);
    return `${this.settings.prefix}${key}`;
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.objectKey(key),
        Body: bytes,
        ContentType: contentType,
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
  }

  async get(key: string): Promise<StoredFile | null> {
    if (!KEY_PATTERN.test(key)) return null;
    try {
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }),
      );
      const bytes = Buffer.from(await object.Body!.transformToByteArray());
      return {
        bytes,
        contentType: contentTypeOfKey(key) ?? object.ContentType ?? 'application/octet-stream',
      };
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
      if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404)
        return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    if (!KEY_PATTERN.test(key)) return;
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }),
    );
  }

  close(): void {
    this.client.destroy();
  }
}
