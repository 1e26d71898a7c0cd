package dev.httpjson.internal.cache;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.zip.CRC32;
import org.jspecify.annotations.Nullable;

/**
 * One file per entry in one directory, named by the entry's key (digests only). A file is written
 * whole to a temporary file and published by an atomic rename, and ends with a CRC-32 of the rest:
 * a reader, in this process or another, sees a whole entry or none, and a damaged file is deleted
 * as a miss. A body over {@link #INLINE} stays in the file it was written to, renamed to a name of
 * its own ({@code <key>.<random>.body}) and never changed, and the entry's file names it: a 304
 * then rewrites only the entry's fields. The bound is kept over the files this store knows of
 * (those it found at start, wrote or read), least recently used out; the time of last use is the
 * file's modification time, so the order survives a restart.
 *
 * <p>A removal of a URI's entries ({@link #removeGroup}) first replaces the removal mark of its
 * group's bucket ({@code 00.removed} to {@code 3f.removed}: {@link #MARKS} of them, the group's
 * digest tells which), and a removal of every entry ({@link #clear}) the directory's ({@code
 * all.removed}): a random token each, written whole and renamed into place. A call reads both
 * ({@link #marks}) when it goes to the origin, and what it stores is published only if they are
 * unchanged just before its file is renamed into place: a removal made by another process while the
 * response was awaited keeps it out, though no file of it existed yet to delete. A removal of
 * another URI of the same bucket keeps it out too: a later miss, never a wrong answer. A mark that
 * cannot be read counts as changed (a miss, never a failure) and a damaged one is replaced. The
 * marks are at most {@code MARKS + 1} files of 16 bytes, whatever was removed: never counted
 * against the bound, and never deleted.
 */
final class DiskStore extends Store {
  private static final System.Logger LOG = System.getLogger("dev.httpjson");
  private static final int MAGIC = 0x484a4331; // "HJC1"

  /** An entry whose fields are followed by the name and region of its body's own file. */
  private static final int MAGIC_REF = 0x484a4332; // "HJC2"

  private static final String SUFFIX = ".entry";
  private static final String BODY = ".body";
  private static final String TEMP = ".tmp";
  private static final long STALE_TEMP_MILLIS = 10 * 60 * 1000;

  /**
   * The removal marks: {@code <bucket>.removed}, the bucket two hexadecimal digits ({@link
   * #bucket}), and {@code all.removed} for {@link #clear}.
   */
  private static final String MARK = ".removed";

  /** The number of buckets of the groups' removal marks: a power of two, at most 256. */
  static final int MARKS = 64;

  /** The name of the mark of a removal of every entry. */
  private static final String ALL = "all";

  private static final int MAGIC_MARK = 0x484a5231; // "HJR1"

  /**
   * The names of this store's files: a key (a group's digest, then "get" or a digest, then perhaps
   * a variant's digest) and ".entry", or a key, a random number and ".body" or ".tmp"; or a removal
   * mark, a bucket (two hexadecimal digits) or "all" and ".removed", or that, a random number and
   * ".tmp" while it is written. Any other file in the directory is another program's: never
   * counted, read nor deleted.
   */
  private static final java.util.regex.Pattern OURS =
      java.util.regex.Pattern.compile(
          "[0-9a-f]{32}-(?:get|[0-9a-f]{64})(?:-v[0-9a-f]{32})?(?:\\.entry|\\.[0-9a-f]{1,16}\\.(?:body|tmp))"
              + "|(?:[0-9a-f]{2}|all)(?:\\.removed|\\.[0-9a-f]{1,16}\\.tmp)");

  /** Whether the file {@code name} is one this store (in any process) writes. */
  static boolean ours(String name) {
    return OURS.matcher(name).matches();
  }

  /**
   * Files up to this size are read whole; a larger entry's body is read from its file as served.
   */
  static final long INLINE = 1 << 20;

  private final Path directory;

  /** The attributes of the files this store creates: on POSIX, readable by the owner alone. */
  private final java.nio.file.attribute.FileAttribute<?>[] created;

  private static final java.util.Set<java.nio.file.OpenOption> CREATE =
      java.util.Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);

  private static boolean posix(Path p) {
    return p.getFileSystem().supportedFileAttributeViews().contains("posix");
  }

  /** File name to size, in order of use. */
  private final LinkedHashMap<String, Long> index = new LinkedHashMap<>(16, 0.75f, true);

  private long size;

  /** The keys whose bodies this store knows to be in files of their own. */
  private final java.util.Set<String> bodied = java.util.concurrent.ConcurrentHashMap.newKeySet();

  DiskStore(Path directory, long maxBytes) {
    super(maxBytes);
    if (Files.exists(directory) && !Files.isDirectory(directory)) {
      throw new IllegalArgumentException("directory is not a directory: " + directory);
    }
    try {
      if (!Files.isDirectory(directory)) {
        // The owner's alone, as the files in it: they hold the responses of private calls.
        if (posix(directory)) {
          Files.createDirectories(
              directory,
              java.nio.file.attribute.PosixFilePermissions.asFileAttribute(
                  java.nio.file.attribute.PosixFilePermissions.fromString("rwx------")));
        } else {
          Files.createDirectories(directory);
        }
      }
    } catch (IOException | RuntimeException e) {
      throw new IllegalArgumentException("directory cannot be created: " + directory + ": " + e, e);
    }
    // Absolute: a body file's path is told from the name an entry's file gives (relative).
    this.directory = directory.toAbsolutePath();
    this.created =
        posix(directory)
            ? new java.nio.file.attribute.FileAttribute<?>[] {
              java.nio.file.attribute.PosixFilePermissions.asFileAttribute(
                  java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"))
            }
            : new java.nio.file.attribute.FileAttribute<?>[0];
    load();
  }

  private void load() {
    List<Object[]> found = new ArrayList<>();
    List<Object[]> bodies = new ArrayList<>();
    long now = System.currentTimeMillis();
    try (DirectoryStream<Path> files = Files.newDirectoryStream(directory)) {
      for (Path p : files) {
        String name = p.getFileName().toString();
        if (!ours(name)) {
          continue;
        }
        try {
          BasicFileAttributes a =
              Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
          if (name.endsWith(TEMP)) {
            if (now - a.lastModifiedTime().toMillis() > STALE_TEMP_MILLIS) {
              Files.deleteIfExists(p); // left by a writer that died
            }
          } else if (name.endsWith(SUFFIX) && a.isRegularFile()) {
            found.add(new Object[] {name, a.size(), a.lastModifiedTime().toMillis()});
          } else if (name.endsWith(BODY) && a.isRegularFile()) {
            bodies.add(new Object[] {p, a.size(), a.lastModifiedTime().toMillis()});
          }
        } catch (IOException e) {
          // gone meanwhile, or unreadable: not ours to count
        }
      }
    } catch (IOException e) {
      throw new IllegalArgumentException("directory cannot be read: " + directory + ": " + e, e);
    }
    found.sort((x, y) -> Long.compare((Long) x[2], (Long) y[2]));
    Map<String, Long> withBodies = new java.util.HashMap<>();
    for (Object[] f : found) {
      withBodies.put((String) f[0], (Long) f[1]);
    }
    for (Object[] b : bodies) {
      Path p = (Path) b[0];
      String name = p.getFileName().toString();
      String entry = name.substring(0, name.indexOf('.')) + SUFFIX;
      Long known = withBodies.get(entry);
      if (known != null) {
        withBodies.put(entry, known + (Long) b[1]); // counted with its entry, and goes with it
        bodied.add(name.substring(0, name.indexOf('.')));
      } else if (now - (Long) b[2] > STALE_TEMP_MILLIS) {
        try {
          Files.deleteIfExists(p); // its entry is gone: left by a writer that died
        } catch (IOException e) {
          // another process may hold it; the next start tries again
        }
      }
    }
    synchronized (this) {
      for (Object[] f : found) {
        long bytes = withBodies.getOrDefault((String) f[0], (Long) f[1]);
        index.put((String) f[0], bytes);
        size += bytes;
      }
      evict();
    }
  }

  @Override
  @Nullable Entry get(String key) {
    return read(key, false);
  }

  /** The entry of {@code key}; {@code again}: read anew once its body's file was found gone. */
  private @Nullable Entry read(String key, boolean again) {
    String name = key + SUFFIX;
    Path file = directory.resolve(name);
    long length;
    Entry entry;
    try {
      length = Files.size(file);
      if (length > maxBytes) {
        throw new IOException("larger than the cache");
      }
      entry = length > INLINE ? large(file, key) : decode(Files.readAllBytes(file), key);
      Entry.StoredFile ref = entry.file;
      if (ref != null && !ref.path.isAbsolute()) {
        Entry.StoredFile f;
        try {
          f = body(ref, key);
        } catch (NoSuchFileException e) {
          if (!again) {
            // Replaced meanwhile by a writer that then deleted the body this file named.
            return read(key, true);
          }
          throw new IOException("body file gone: " + ref.path, e); // damaged, not missing
        }
        entry = entry.inFile(f);
        length += f.offset + f.length + 16;
      }
      Entry.StoredFile stored = entry.file;
      if (stored != null) {
        entry = entry.inFile(stored.whenDamaged(() -> damaged(key, stored)));
      }
    } catch (NoSuchFileException e) {
      forget(name);
      return null;
    } catch (IOException | RuntimeException e) {
      drop(file, name, e);
      return null;
    }
    try {
      Files.setLastModifiedTime(file, FileTime.fromMillis(System.currentTimeMillis()));
    } catch (IOException e) {
      // replaced or removed meanwhile: the entry read is still whole
    }
    synchronized (this) {
      Long known = index.get(name);
      if (known == null) {
        index.put(name, length); // written by another process
        size += length;
        evict();
      }
    }
    return entry;
  }

  /**
   * The body file an entry's file names ({@code ref}, its name relative to the directory), once
   * checked whole and the one named.
   */
  private Entry.StoredFile body(Entry.StoredFile ref, String key) throws IOException {
    Path file = directory.resolve(ref.path.toString());
    Entry b = large(file, key);
    Entry.StoredFile f = java.util.Objects.requireNonNull(b.file);
    if (f.offset != ref.offset || f.length != ref.length || f.crc != ref.crc) {
      throw new IOException("another body in " + file);
    }
    bodied.add(key);
    return f;
  }

  /** Whether a failure to write was logged at {@code WARNING} (once per store). */
  private final java.util.concurrent.atomic.AtomicBoolean warned =
      new java.util.concurrent.atomic.AtomicBoolean();

  /**
   * Logs a failure to write an entry: the first at {@code WARNING}, since from then on responses
   * may all pass through unstored (a directory made unwritable, a full disk), the others at {@code
   * DEBUG}; a write a thread's interrupt stopped is no fault of the directory's. The message names
   * the directory and the file (digests), never a credential.
   */
  private void notWritten(Exception e) {
    boolean interrupted =
        e instanceof java.nio.channels.ClosedChannelException
            || e instanceof java.io.InterruptedIOException
            || e instanceof java.nio.channels.FileLockInterruptionException;
    if (!interrupted && warned.compareAndSet(false, true)) {
      LOG.log(
          System.Logger.Level.WARNING,
          () ->
              "HTTP cache directory "
                  + directory
                  + " cannot be written ("
                  + e
                  + "): responses pass through unstored; later failures are logged at DEBUG");
    } else {
      LOG.log(
          System.Logger.Level.DEBUG, () -> "cache entry not written to " + directory + ": " + e);
    }
  }

  /**
   * Removes the entry of {@code key}, whose body in {@code file} was found damaged as served, if it
   * is still the one there: an entry that replaced it meanwhile (written by this process or
   * another) stays, and only the damaged body's own file goes.
   */
  private void damaged(String key, Entry.StoredFile file) {
    if (replaced(key, file)) {
      LOG.log(
          System.Logger.Level.DEBUG,
          () -> "cache body " + file.path + " dropped: damaged; its entry was replaced");
      if (file.path.getFileName().toString().endsWith(BODY)) {
        try {
          Files.deleteIfExists(file.path);
        } catch (IOException e) {
          // another process may hold it; the next start deletes it, its entry gone
        }
      }
      return;
    }
    LOG.log(System.Logger.Level.DEBUG, () -> "cache entry " + file.path + " dropped: damaged");
    remove(key);
  }

  /**
   * Whether the entry file of {@code key} now names a body other than {@code file} (the same file,
   * region and checksum): another entry replaced the one read. One that cannot be read is not one
   * to keep.
   */
  private boolean replaced(String key, Entry.StoredFile file) {
    Path path = directory.resolve(key + SUFFIX);
    Entry now;
    try {
      long length = Files.size(path);
      if (length > maxBytes) {
        return false;
      }
      now = length > INLINE ? large(path, key) : decode(Files.readAllBytes(path), key);
    } catch (IOException | RuntimeException e) {
      return false; // removed meanwhile, or unreadable: removed (again)
    }
    Entry.StoredFile named = now.file;
    if (named == null) {
      return true; // a body held in the entry file: not the damaged one
    }
    Path body = named.path.isAbsolute() ? named.path : directory.resolve(named.path.toString());
    return !(body.equals(file.path)
        && named.offset == file.offset
        && named.length == file.length
        && named.crc == file.crc);
  }

  private void drop(Path file, String name, Exception why) {
    LOG.log(System.Logger.Level.DEBUG, () -> "cache entry " + file + " dropped: " + why);
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      // another process may hold it; it stays a miss
    }
    forget(name);
    dropBodies(name.substring(0, name.length() - SUFFIX.length()), null);
  }

  /**
   * Deletes the files of this store {@code glob} names that {@code which} accepts, and tells {@code
   * then} each name. A file another process holds stays: a later read validates it, and the next
   * start deletes it once its entry is gone.
   */
  private void delete(String glob, Predicate<String> which, Consumer<String> then) {
    try (DirectoryStream<Path> files = Files.newDirectoryStream(directory, glob)) {
      for (Path p : files) {
        String name = p.getFileName().toString();
        if (ours(name) && which.test(name)) {
          try {
            Files.deleteIfExists(p);
          } catch (IOException e) {
            // held by another process: see above
          }
          then.accept(name);
        }
      }
    } catch (IOException e) {
      LOG.log(System.Logger.Level.DEBUG, () -> "cache directory not listed: " + e);
    }
  }

  /** Deletes the body files of {@code key} but {@code keep}. */
  private void dropBodies(String key, @Nullable String keep) {
    delete(key + ".*" + BODY, name -> !name.equals(keep), name -> {});
    if (keep == null) {
      bodied.remove(key);
    }
  }

  private synchronized void forget(String name) {
    Long known = index.remove(name);
    if (known != null) {
      size -= known;
    }
  }

  /**
   * An entry whose body stays in its file: its fields are read now, and the body when served, from
   * the same file if it is still this entry, the whole file's checksum verified as it is read
   * ({@link Entry#open()}): a large body is read once.
   */
  private static Entry large(Path file, String key) throws IOException {
    try (FileChannel c = FileChannel.open(file, StandardOpenOption.READ)) {
      long size = c.size();
      if (size < 24) {
        throw new IOException("truncated");
      }
      ByteBuffer trailer = ByteBuffer.allocate(16);
      readFully(c, trailer, size - 16);
      long bodyLength = trailer.getLong(0);
      long crcValue = trailer.getLong(8);
      long bodyStart = size - 16 - bodyLength;
      if (bodyLength < 0 || bodyStart < 4 || bodyStart > INLINE) {
        throw new IOException("bad body length");
      }
      ByteBuffer head = ByteBuffer.allocate((int) bodyStart);
      readFully(c, head, 0);
      return fields(head.array(), (int) bodyStart, key, Entry.NO_BODY)
          .inFile(new Entry.StoredFile(file, bodyStart, bodyLength, crcValue));
    }
  }

  private static void readFully(FileChannel c, ByteBuffer b, long position) throws IOException {
    long p = position;
    while (b.hasRemaining()) {
      int n = c.read(b, p);
      if (n < 0) {
        throw new IOException("truncated");
      }
      p += n;
    }
  }

  /** Writes an entry whose body is in a file (freshened by a 304) anew, body copied. */
  private boolean copy(Entry entry, long stamp, long marks) {
    Bodies.Source source = entry.open();
    if (source == null) {
      return false; // replaced or removed meanwhile: the newer entry stays
    }
    FileSink sink = null;
    try {
      sink = new FileSink(entry, maxBytes, stamp, marks);
      ByteBuffer chunk = ByteBuffer.allocate((int) Math.min(64 * 1024, source.length));
      for (long p = 0; p < source.length; ) {
        chunk.clear().limit((int) Math.min(chunk.capacity(), source.length - p));
        source.readInto(p, chunk);
        chunk.flip();
        p += chunk.remaining();
        if (!sink.write(chunk)) {
          return false;
        }
      }
      return sink.commit();
    } catch (IOException | RuntimeException e) {
      // The body could not be read whole (its file damaged, cut short): the copy begun is
      // dropped, its file closed and deleted, the room set aside for it given back.
      if (sink != null) {
        sink.abandon();
      }
      return false; // the entry stays as it was
    } finally {
      source.close();
    }
  }

  @Override
  boolean put(Entry entry, long stamp, long marks) {
    Entry.StoredFile f = entry.file;
    if (f != null) {
      Boolean referred = refer(entry, f, stamp, marks);
      return referred == null ? copy(entry, stamp, marks) : referred;
    }
    ByteBuffer[] file;
    try {
      file = encode(entry);
    } catch (IOException e) {
      return false;
    }
    boolean published = publish(entry, file, 0, stamp, marks);
    if (published && bodied.contains(entry.key)) {
      dropBodies(entry.key, null);
    }
    return published;
  }

  /**
   * Writes an entry whose body is in a body file of its key as fields that name that file
   * (freshened by a 304: the body is not copied): whether written; null when the body is in another
   * file.
   */
  private @Nullable Boolean refer(Entry entry, Entry.StoredFile f, long stamp, long marks) {
    String name = String.valueOf(f.path.getFileName());
    if (!name.startsWith(entry.key + ".")
        || !name.endsWith(BODY)
        || !f.path.equals(directory.resolve(name))) {
      return null; // in an entry file, or another key's: copied into a body file of its own
    }
    if (!Files.exists(f.path)) {
      return false; // replaced or removed meanwhile: the newer entry stays
    }
    try {
      return publish(
          entry,
          encode(reference(entry, name, f), Entry.NO_BODY),
          f.offset + f.length + 16,
          stamp,
          marks);
    } catch (IOException e) {
      return false; // the entry stays as it was
    }
  }

  /**
   * Writes {@code file} (buffers in order) as the file of {@code entry}, which also counts {@code
   * extra} bytes (its body's file), unless its group's entries were removed since {@code stamp} or
   * its {@link #marks} are no longer {@code marks}; false when not written.
   */
  private boolean publish(Entry entry, ByteBuffer[] file, long extra, long stamp, long marks) {
    String key = entry.key;
    long length = extra;
    for (ByteBuffer b : file) {
      length += b.remaining();
    }
    if (length > maxBytes) {
      return false;
    }
    String name = key + SUFFIX;
    Path temp =
        directory.resolve(
            key + "." + Long.toHexString(ThreadLocalRandom.current().nextLong()) + TEMP);
    try {
      try (FileChannel c = FileChannel.open(temp, CREATE, created)) {
        while (file[file.length - 1].hasRemaining()) {
          c.write(file);
        }
      }
      try {
        // Not atomic (AtomicMoveNotSupportedException): no half-written entry, then no entry.
        return place(temp, name, length, entry.group, stamp, marks);
      } catch (NoSuchFileException e) {
        return false; // its group removed meanwhile, by another cache on this directory
      }
    } catch (IOException | RuntimeException e) {
      notWritten(e);
      try {
        Files.deleteIfExists(temp);
      } catch (IOException ignored) {
        // a stale temporary file is removed at the next start
      }
      return false;
    }
  }

  /**
   * Renames {@code temp} to the entry file {@code name}, counted as {@code length} bytes, unless
   * the entries of {@code group} were removed since {@code stamp}, or another process removed them
   * since the call read {@code marks} (then deletes it). False when not placed.
   *
   * <p>The marks are read once {@code temp} is written: a removal replaces its mark before it lists
   * the files to delete, so it either finds {@code temp} (then the rename fails) or its mark is
   * read here.
   */
  private boolean place(Path temp, String name, long length, String group, long stamp, long marks)
      throws IOException {
    if (marks(group) != marks) {
      Files.deleteIfExists(temp);
      return false;
    }
    return place(temp, name, length, group, stamp);
  }

  /**
   * Renames {@code temp} as above, unless the entries of {@code group} were removed in this process
   * since {@code stamp}: under the lock, so that a removal, which counts itself under it first,
   * either finds the file or keeps it out.
   */
  private synchronized boolean place(Path temp, String name, long length, String group, long stamp)
      throws IOException {
    if (!current(group, stamp)) {
      Files.deleteIfExists(temp);
      return false;
    }
    Files.move(
        temp,
        directory.resolve(name),
        StandardCopyOption.ATOMIC_MOVE,
        StandardCopyOption.REPLACE_EXISTING);
    Long old = index.put(name, length);
    size += length - (old == null ? 0 : old);
    evict();
    return true;
  }

  /**
   * Deletes least recently used files until they fit in the bound beside the files being written;
   * holds the lock.
   */
  @Override
  void evict() {
    Iterator<Map.Entry<String, Long>> it = index.entrySet().iterator();
    while (size + reserved > maxBytes && it.hasNext()) {
      Map.Entry<String, Long> e = it.next();
      try {
        Files.deleteIfExists(directory.resolve(e.getKey()));
      } catch (IOException ex) {
        // counted out anyway: another process holds it
      }
      String key = e.getKey().substring(0, e.getKey().length() - SUFFIX.length());
      if (bodied.contains(key)) {
        dropBodies(key, null);
      }
      size -= e.getValue();
      it.remove();
    }
  }

  @Override
  void remove(String key) {
    String name = key + SUFFIX;
    try {
      Files.deleteIfExists(directory.resolve(name));
    } catch (IOException e) {
      // another process may hold it; a later read validates it anyway
    }
    forget(name);
    if (bodied.contains(key)) {
      dropBodies(key, null);
    }
  }

  /**
   * {@inheritDoc} The temporary files of the bodies being written go too, those of the other caches
   * on this directory (other processes) included: such a body may describe what was removed, and
   * its writer, which knows nothing of this removal, then finds its file gone and publishes
   * nothing.
   */
  @Override
  void removeGroup(String group) {
    synchronized (this) {
      removing(group);
    }
    mark(bucket(group)); // before the files are listed: see place
    delete(group + "-*", name -> true, this::forget);
  }

  @Override
  void clear() {
    synchronized (this) {
      removingAll();
    }
    mark(ALL);
    // The bodies being written too (see removeGroup); not the marks, nor those being written.
    delete("*.{entry,body,tmp}", name -> name.indexOf('-') > 0, name -> {});
    synchronized (this) {
      index.clear();
      size = 0;
    }
    bodied.clear();
  }

  @Override
  synchronized long size() {
    return size;
  }

  /**
   * The tokens of the marks of the removals of {@code group}'s bucket and of {@link #clear}'s, as
   * one number: 0 when there are none; one never read before when a mark cannot be read (then a
   * write compared with it keeps out). Reads two files, or finds them absent.
   */
  @Override
  long marks(String group) {
    return token(bucket(group)) * 0x9E3779B97F4A7C15L ^ token(ALL);
  }

  /**
   * The name of the removal mark of {@code group} (a digest: hexadecimal digits, evenly spread):
   * its first two digits, modulo {@link #MARKS}, as two digits.
   */
  static String bucket(String group) {
    int b = Integer.parseInt(group, 0, 2, 16) & (MARKS - 1);
    return Character.forDigit(b >> 4, 16) + "" + Character.forDigit(b & 0xf, 16);
  }

  /** The token of the mark {@code name}: 0 when absent, a random one when unreadable. */
  private long token(String name) {
    byte[] b;
    try {
      b = Files.readAllBytes(directory.resolve(name + MARK));
    } catch (NoSuchFileException e) {
      return 0;
    } catch (IOException | RuntimeException e) {
      LOG.log(System.Logger.Level.DEBUG, () -> "cache removal mark " + name + " not read: " + e);
      return unknown();
    }
    ByteBuffer in = ByteBuffer.wrap(b);
    if (b.length == 16 && in.getInt(0) == MAGIC_MARK && in.getLong(4) != 0) {
      CRC32 crc = new CRC32();
      crc.update(b, 0, 12);
      if (in.getInt(12) == (int) crc.getValue()) {
        return in.getLong(4);
      }
    }
    LOG.log(System.Logger.Level.DEBUG, () -> "cache removal mark " + name + " damaged: replaced");
    mark(name); // a new token: whoever read the damaged one keeps out, as here
    return unknown();
  }

  /** A token never read before (almost surely), never 0. */
  private static long unknown() {
    long t;
    do {
      t = ThreadLocalRandom.current().nextLong();
    } while (t == 0);
    return t;
  }

  /**
   * Replaces the removal mark {@code name} with a new token: written to a temporary file and
   * renamed into place, so that a reader finds the old mark or the new one whole. Tried twice: a
   * {@link #clear} in another process may delete the temporary file.
   */
  private void mark(String name) {
    ByteBuffer out = ByteBuffer.allocate(16).putInt(MAGIC_MARK).putLong(unknown());
    CRC32 crc = new CRC32();
    crc.update(out.array(), 0, 12);
    out.putInt((int) crc.getValue());
    for (int attempt = 0; ; attempt++) {
      Path temp =
          directory.resolve(
              name + "." + Long.toHexString(ThreadLocalRandom.current().nextLong()) + TEMP);
      try {
        try (FileChannel c = FileChannel.open(temp, CREATE, created)) {
          writeFully(c, out.duplicate().flip());
        }
        Files.move(
            temp,
            directory.resolve(name + MARK),
            StandardCopyOption.ATOMIC_MOVE,
            StandardCopyOption.REPLACE_EXISTING);
        return;
      } catch (IOException | RuntimeException e) {
        try {
          Files.deleteIfExists(temp);
        } catch (IOException ignored) {
          // a stale temporary file is removed at a later start
        }
        if (attempt > 0) {
          // Another process's response awaited meanwhile may then be stored.
          notWritten(e);
          return;
        }
      }
    }
  }

  /** The fields before the body; a file is this, the body, its length and a CRC-32 of the rest. */
  static byte[] head(Entry e) throws IOException {
    return head(e, MAGIC);
  }

  private static byte[] head(Entry e, int magic) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(512);
    DataOutputStream out = new DataOutputStream(bytes);
    out.writeInt(magic);
    string(out, e.key);
    string(out, e.group);
    out.writeInt(e.status);
    out.writeLong(e.requestMillis);
    out.writeLong(e.responseMillis);
    out.writeLong(e.ageSeconds);
    int written = 0;
    for (String name : e.headers.keySet()) {
      if (!Entry.NOT_ON_DISK.contains(name.toLowerCase(Locale.ROOT))) {
        written++;
      }
    }
    out.writeInt(written);
    for (Map.Entry<String, List<String>> h : e.headers.entrySet()) {
      if (Entry.NOT_ON_DISK.contains(h.getKey().toLowerCase(Locale.ROOT))) {
        continue;
      }
      string(out, h.getKey());
      out.writeInt(h.getValue().size());
      for (String v : h.getValue()) {
        string(out, v);
      }
    }
    out.writeInt(e.vary.size());
    for (Map.Entry<String, String> v : e.vary.entrySet()) {
      string(out, v.getKey());
      string(out, v.getValue());
    }
    out.flush();
    return bytes.toByteArray();
  }

  /**
   * The file of an entry whose body is in memory, as buffers to write in order: its fields, its
   * body (shared, not copied) and the trailer.
   */
  static ByteBuffer[] encode(Entry e) throws IOException {
    return encode(head(e), e.body);
  }

  /**
   * The fields of an entry whose body is the region {@code f} of the file {@code name}: its fields,
   * then the file's name, the region and the file's checksum.
   */
  private static byte[] reference(Entry e, String name, Entry.StoredFile f) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(512);
    DataOutputStream out = new DataOutputStream(bytes);
    out.write(head(e, MAGIC_REF));
    string(out, name);
    out.writeLong(f.offset);
    out.writeLong(f.length);
    out.writeLong(f.crc);
    out.flush();
    return bytes.toByteArray();
  }

  private static ByteBuffer[] encode(byte[] head, ByteBuffer stored) {
    ByteBuffer body = stored.duplicate();
    CRC32 crc = new CRC32();
    crc.update(head);
    crc.update(body.duplicate());
    ByteBuffer trailer = ByteBuffer.allocate(16).putLong(body.remaining());
    crc.update(trailer.array(), 0, 8);
    trailer.putLong(crc.getValue()).flip();
    return new ByteBuffer[] {ByteBuffer.wrap(head), body, trailer};
  }

  static Entry decode(byte[] bytes, String key) throws IOException {
    int n = bytes.length;
    if (n < 24) {
      throw new IOException("truncated");
    }
    ByteBuffer all = ByteBuffer.wrap(bytes);
    CRC32 crc = new CRC32();
    crc.update(bytes, 0, n - 8);
    if (all.getLong(n - 8) != crc.getValue()) {
      throw new IOException("checksum mismatch");
    }
    long bodyLength = all.getLong(n - 16);
    if (bodyLength < 0 || bodyLength > n - 16) {
      throw new IOException("bad body length");
    }
    int bodyStart = (int) (n - 16 - bodyLength);
    // The body stays in the array read: served from it, never copied.
    return fields(bytes, bodyStart, key, ByteBuffer.wrap(bytes, bodyStart, (int) bodyLength));
  }

  /** The entry whose fields are the first {@code length} bytes of {@code bytes}. */
  private static Entry fields(byte[] bytes, int length, String key, ByteBuffer body)
      throws IOException {
    DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes, 0, length));
    int magic = in.readInt();
    if (magic != MAGIC && magic != MAGIC_REF) {
      throw new IOException("not an entry");
    }
    String storedKey = string(in);
    if (!storedKey.equals(key)) {
      throw new IOException("another key");
    }
    String group = string(in);
    int status = in.readInt();
    long requestMillis = in.readLong();
    long responseMillis = in.readLong();
    long age = in.readLong();
    int h = count(in);
    Map<String, List<String>> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    for (int i = 0; i < h; i++) {
      String name = string(in);
      int values = count(in);
      List<String> list = new ArrayList<>(values);
      for (int j = 0; j < values; j++) {
        list.add(string(in));
      }
      headers.put(name, List.copyOf(list));
    }
    int v = count(in);
    Map<String, String> vary = new TreeMap<>();
    for (int i = 0; i < v; i++) {
      vary.put(string(in), string(in));
    }
    Entry.StoredFile ref = null;
    if (magic == MAGIC_REF) {
      String name = string(in);
      if (!name.startsWith(key + ".") || !name.endsWith(BODY) || name.indexOf('/') >= 0) {
        throw new IOException("not a body file of this entry: " + name);
      }
      // Relative: the store resolves it in its directory and checks the file.
      ref = new Entry.StoredFile(Path.of(name), in.readLong(), in.readLong(), in.readLong());
    }
    if (in.read() != -1) {
      throw new IOException("fields overrun the body");
    }
    return new Entry(
        key,
        group,
        status,
        Collections.unmodifiableMap(headers),
        Directives.of(headers),
        Collections.unmodifiableMap(vary),
        requestMillis,
        responseMillis,
        age,
        body.slice().asReadOnlyBuffer(),
        ref);
  }

  @Override
  Sink sink(Entry template, long limit, long stamp, long marks) {
    return new FileSink(template, limit, stamp, marks);
  }

  /**
   * A body written to a temporary file as it arrives (memory stays one chunk), published by an
   * atomic rename when whole. The bytes it writes are {@linkplain #reserve set aside} ahead, a
   * chunk at a time, so that the files being written count against the bound too.
   */
  private final class FileSink implements Sink {
    /** The bytes set aside at a time. */
    private static final long GRANT = 64 * 1024;

    private final Entry template;
    private final long limit;
    private final long stamp;
    private final long marks;
    private final CRC32 crc = new CRC32();
    private final Path temp;
    private @Nullable FileChannel channel;
    private long length;
    private long written;
    private long headLength;

    /** The bytes set aside for this file (its trailer included). */
    private long granted;

    FileSink(Entry template, long limit, long stamp, long marks) {
      this.template = template;
      this.limit = limit;
      this.stamp = stamp;
      this.marks = marks;
      this.temp =
          directory.resolve(
              template.key + "." + Long.toHexString(ThreadLocalRandom.current().nextLong()) + TEMP);
      try {
        byte[] head = head(template);
        if (!grant(head.length)) {
          return; // no room beside the files being written: passed on unstored
        }
        FileChannel c = FileChannel.open(temp, CREATE, created);
        channel = c;
        crc.update(head);
        writeFully(c, ByteBuffer.wrap(head));
        written = head.length;
        headLength = head.length;
      } catch (IOException | RuntimeException e) {
        notWritten(e);
        abandon();
      }
    }

    @Override
    public boolean write(ByteBuffer bytes) {
      FileChannel c = channel;
      int n = bytes.remaining();
      if (c == null || length + n > limit || written + n + 16 > maxBytes || !grant(n)) {
        abandon();
        return false;
      }
      try {
        crc.update(bytes.duplicate());
        writeFully(c, bytes.duplicate());
      } catch (IOException | RuntimeException e) {
        notWritten(e);
        abandon();
        return false;
      }
      length += n;
      written += n;
      return true;
    }

    @Override
    public boolean commit() {
      FileChannel c = channel;
      if (c == null) {
        return false;
      }
      String key = template.key;
      String name = key + SUFFIX;
      long checksum;
      try {
        ByteBuffer trailer = ByteBuffer.allocate(16).putLong(length);
        crc.update(trailer.array(), 0, 8);
        checksum = crc.getValue();
        trailer.putLong(checksum).flip();
        writeFully(c, trailer);
        c.close();
        channel = null;
        giveBack(); // counted as the entry's from now on
        if (length > INLINE) {
          return publishBody(checksum);
        }
        if (!place(temp, name, written + 16, template.group, stamp, marks)) {
          return false;
        }
      } catch (NoSuchFileException e) {
        // Deleted by a removal of its group, by another cache on this directory: not published.
        abandon();
        return false;
      } catch (IOException | RuntimeException e) {
        notWritten(e);
        abandon();
        return false;
      }
      if (bodied.contains(key)) {
        dropBodies(key, null);
      }
      return true;
    }

    /**
     * Publishes a large body: the written file is renamed to a body file of its own, never changed
     * again, and the entry's file, which names it, is published; the key's other bodies go.
     */
    private boolean publishBody(long checksum) throws IOException {
      String key = template.key;
      String name = key + "." + Long.toHexString(ThreadLocalRandom.current().nextLong()) + BODY;
      Path body = directory.resolve(name);
      Files.move(temp, body, StandardCopyOption.ATOMIC_MOVE);
      Entry.StoredFile f = new Entry.StoredFile(body, headLength, length, checksum);
      boolean published;
      try {
        published =
            publish(
                template,
                encode(reference(template, name, f), Entry.NO_BODY),
                written + 16,
                stamp,
                marks);
      } catch (IOException | RuntimeException e) {
        published = false;
      }
      if (!published) {
        Files.deleteIfExists(body);
        return false;
      }
      bodied.add(key);
      dropBodies(key, name);
      return true;
    }

    /**
     * Sets room aside for {@code n} more bytes beyond those written (and the trailer), a grant
     * ahead at a time: false when there is none.
     */
    private boolean grant(long n) {
      long needed = written + n + 16 - granted;
      if (needed <= 0) {
        return true;
      }
      long ahead = Math.max(needed, GRANT);
      if (ahead > needed && reserve(ahead)) {
        granted += ahead;
        return true;
      }
      if (reserve(needed)) {
        granted += needed;
        return true;
      }
      return false;
    }

    private void giveBack() {
      long g = granted;
      granted = 0;
      if (g > 0) {
        release(g);
      }
    }

    @Override
    public void abandon() {
      giveBack();
      FileChannel c = channel;
      channel = null;
      try {
        if (c != null) {
          c.close();
        }
        Files.deleteIfExists(temp);
      } catch (IOException e) {
        // a stale temporary file is removed at a later start
      }
    }
  }

  private static void writeFully(FileChannel c, ByteBuffer b) throws IOException {
    while (b.hasRemaining()) {
      c.write(b);
    }
  }

  private static int count(DataInputStream in) throws IOException {
    int n = in.readInt();
    if (n < 0 || n > in.available()) {
      throw new IOException("bad count " + n);
    }
    return n;
  }

  private static void string(DataOutputStream out, String s) throws IOException {
    byte[] b = s.getBytes(StandardCharsets.UTF_8);
    out.writeInt(b.length);
    out.write(b);
  }

  private static String string(DataInputStream in) throws IOException {
    int n = count(in);
    byte[] b = in.readNBytes(n);
    if (b.length != n) {
      throw new IOException("truncated");
    }
    return new String(b, StandardCharsets.UTF_8);
  }

  @Override
  public String toString() {
    return "on disk in " + directory;
  }
}
