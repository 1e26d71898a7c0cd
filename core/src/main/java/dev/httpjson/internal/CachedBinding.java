package dev.httpjson.internal;

import dev.httpjson.spi.JsonBinding;
import dev.httpjson.spi.JsonCodec;
import dev.httpjson.spi.JsonReader;
import dev.httpjson.spi.JsonSequenceReader;
import dev.httpjson.spi.JsonWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.lang.ref.WeakReference;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.GenericDeclaration;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Proxy;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * A codec binding with its readers and writers cached per type (bounded, least recently used
 * evicted), and the process-wide cache of bindings keyed by {@link CodecSettings} — only what a
 * codec reads — so that options differing in call settings alone share one binding.
 */
public final class CachedBinding {
  public static final int MAX_ENTRIES = 64;
  public static final int MAX_TYPES = 1024;

  private static final BoundedCache<CodecSettings, CachedBinding> CACHE =
      new BoundedCache<>(MAX_ENTRIES);
  private static final Module HTTPJSON = CachedBinding.class.getModule();
  private static final int MAX_CLASSES = 512;

  private final CodecSettings settings;
  private final boolean loaderLocal;
  private final JsonBinding binding;
  private final Set<Module> reflective;
  private final BoundedCache<Type, JsonReader<?>> readers = new BoundedCache<>(MAX_TYPES);
  private final BoundedCache<Type, JsonWriter<?>> writers = new BoundedCache<>(MAX_TYPES);
  private final BoundedCache<Type, JsonSequenceReader<?>> sequenceReaders =
      new BoundedCache<>(MAX_TYPES);

  /** Binds {@code settings}' codec. */
  private CachedBinding(CodecSettings settings, boolean loaderLocal) {
    this.settings = settings;
    this.loaderLocal = loaderLocal;
    this.binding = settings.codec().bind(settings.toOptions());
    this.reflective =
        settings.codec().reflectiveModules().stream()
            .filter(Module::isNamed)
            .collect(Collectors.toUnmodifiableSet());
  }

  public static CachedBinding forSettings(CodecSettings settings) {
    JsonCodec codec = settings.codec;
    ClassLoader loader = codecLoader(codec);
    if (codec == null || loader == null) {
      return CACHE.get(settings, s -> new CachedBinding(s, false));
    }
    // A codec of an application below httpjson's loader (its class, or what it holds, such as a
    // plugin's own mapper): its bindings go with that loader.
    if (loader == codec.getClass().getClassLoader()) {
      return LoaderBindings.forClass(codec.getClass(), settings);
    }
    return LoaderBindings.forLoader(loader, settings);
  }

  /**
   * The loader below httpjson's that {@code codec}'s bindings go with: the deepest of its class's
   * loader and those it names ({@link JsonCodec#classLoaders()}) that are neither httpjson's nor an
   * ancestor of it; null when there is none (the usual case).
   */
  private static @Nullable ClassLoader codecLoader(@Nullable JsonCodec codec) {
    if (codec == null) {
      return null;
    }
    ClassLoader own = codec.getClass().getClassLoader();
    ClassLoader best = isOwnOrAncestor(own) ? null : own;
    for (ClassLoader l : codec.classLoaders()) {
      if (!isOwnOrAncestor(l) && (best == null || depth(l) > depth(best))) {
        best = l;
      }
    }
    return best;
  }

  /**
   * Whether what {@code type} keeps for as long as its classes live may keep {@code settings}:
   * false when their codec's class is of a loader below httpjson's that none of the type's classes
   * comes from or from below (a JDK type, one of httpjson's loader, kept for the whole JVM).
   */
  public static boolean mayKeep(Type type, CodecSettings settings) {
    ClassLoader codecs = codecLoader(settings.codec);
    if (codecs == null) {
      return true;
    }
    Class<?> anchor = foreignAnchor(type);
    for (ClassLoader l = anchor == null ? null : anchor.getClassLoader();
        l != null;
        l = l.getParent()) {
      if (l == codecs) {
        return true;
      }
    }
    return false;
  }

  /**
   * Drops {@code codec}'s bindings from the process-wide cache, for an owner done with the codec
   * (the Spring Boot module, whose codec on the application's mapper leads to the context through
   * the mapper's modules, when the context closes): the cache would keep them, and all they
   * reference, until other settings evicted them.
   */
  public static void release(JsonCodec codec) {
    CACHE.removeKeysIf(s -> s.codec == codec);
  }

  /** The bindings in the process-wide cache. */
  public static int size() {
    return CACHE.size();
  }

  @SuppressWarnings("unchecked")
  public <T> JsonReader<T> reader(Type type) {
    JsonReader<?> r = readers.getIfPresent(type);
    if (r != null) {
      return (JsonReader<T>) r;
    }
    CachedBinding o = owner(type);
    return (JsonReader<T>) o.make(o.readers, type, o.binding::reader);
  }

  @SuppressWarnings("unchecked")
  public <T> JsonWriter<T> writer(Type type) {
    JsonWriter<?> w = writers.getIfPresent(type);
    if (w != null) {
      return (JsonWriter<T>) w;
    }
    CachedBinding o = owner(type);
    if (o.loaderLocal) {
      return (JsonWriter<T>) o.make(o.writers, type, o.binding::writer);
    }
    // Shared by every loader: a value of the type may hold an instance of a class the type does
    // not name, and the codec would cache what it found for that class with this binding.
    return (JsonWriter<T>)
        make(writers, type, t -> new ForeignValues<>(this, t, binding.writer(t)));
  }

  @SuppressWarnings("unchecked")
  public <T> JsonSequenceReader<T> sequenceReader(Type elementType) {
    JsonSequenceReader<?> r = sequenceReaders.getIfPresent(elementType);
    if (r != null) {
      return (JsonSequenceReader<T>) r;
    }
    CachedBinding o = owner(elementType);
    return (JsonSequenceReader<T>)
        o.make(o.sequenceReaders, elementType, o.binding::sequenceReader);
  }

  private <C> C make(BoundedCache<Type, C> cache, Type type, Function<Type, ? extends C> bind) {
    return cache.get(
        type,
        t -> {
          forward(t, reflective);
          return bind.apply(t);
        });
  }

  /** The binding that may cache {@code type}: this one, or its class loader's own. */
  private CachedBinding owner(Type type) {
    if (loaderLocal) {
      return this;
    }
    Class<?> anchor = foreignAnchor(type);
    return anchor == null ? this : LoaderBindings.forClass(anchor, settings);
  }

  public int cachedReaders() {
    return readers.size();
  }

  private static final @Nullable ClassLoader OWN = CachedBinding.class.getClassLoader();

  /**
   * Which class loaders a type's classes come from, as far as caching is concerned: a class of
   * {@code type} whose loader is neither httpjson's nor one of its ancestors — of those, one from
   * the deepest loader — or {@code null} when every class is visible from httpjson's loader (the
   * usual case: one application class path).
   */
  public static @Nullable Class<?> foreignAnchor(Type type) {
    Class<?>[] best = {null};
    eachClass(
        type,
        false,
        c -> {
          ClassLoader loader = c.getClassLoader();
          Class<?> b = best[0];
          if (!isOwnOrAncestor(loader)
              && (b == null || depth(loader) > depth(b.getClassLoader()))) {
            best[0] = c;
          }
        });
    return best[0];
  }

  /**
   * Hands {@code action} each class {@code type} is made of, once: its classes (array components
   * too), type arguments, owners and bounds, the class declaring a type variable (its bounds may
   * refer back to it) and, with {@code components}, a record's components' types, to any depth, up
   * to {@value #MAX_CLASSES} classes.
   */
  private static void eachClass(Type type, boolean components, Consumer<Class<?>> action) {
    if (type instanceof Class
        && !((Class<?>) type).isArray()
        && !(components && ((Class<?>) type).isRecord())) {
      if (!((Class<?>) type).isPrimitive()) {
        action.accept((Class<?>) type); // the usual case, allocating nothing
      }
      return;
    }
    Set<Class<?>> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    Deque<Type> todo = new ArrayDeque<>();
    todo.add(type);
    while (!todo.isEmpty() && seen.size() < MAX_CLASSES) {
      Type t = todo.poll();
      if (t instanceof Class) {
        Class<?> c = (Class<?>) t;
        while (c.isArray()) {
          c = c.getComponentType();
        }
        if (c.isPrimitive() || !seen.add(c)) {
          continue;
        }
        action.accept(c);
        if (components && c.isRecord()) {
          for (RecordComponent component : c.getRecordComponents()) {
            todo.add(component.getGenericType());
          }
        }
      } else if (t instanceof ParameterizedType) {
        ParameterizedType p = (ParameterizedType) t;
        todo.add(p.getRawType());
        if (p.getOwnerType() != null) {
          todo.add(p.getOwnerType());
        }
        Collections.addAll(todo, p.getActualTypeArguments());
      } else if (t instanceof GenericArrayType) {
        todo.add(((GenericArrayType) t).getGenericComponentType());
      } else if (t instanceof WildcardType) {
        Collections.addAll(todo, ((WildcardType) t).getUpperBounds());
        Collections.addAll(todo, ((WildcardType) t).getLowerBounds());
      } else if (t instanceof TypeVariable) {
        GenericDeclaration d = ((TypeVariable<?>) t).getGenericDeclaration();
        if (d instanceof Class) {
          todo.add((Class<?>) d);
        } else if (d instanceof Member) {
          todo.add(((Member) d).getDeclaringClass());
        }
      } else {
        todo.add(t.getClass());
      }
    }
  }

  /**
   * Of the classes of what {@code value} is and holds inside the JDK's containers — collections,
   * maps, arrays and optionals, to any depth — one whose loader is neither httpjson's nor one of
   * its ancestors, from the deepest such loader; {@code null} when there is none (the usual case).
   * The codec looks a writer up by each instance's class: this is the class to anchor the binding
   * to, as {@link #foreignAnchor} is for a type.
   */
  static @Nullable Class<?> foreignHeld(@Nullable Object value) {
    if (value == null) {
      return null;
    }
    Class<?> c = value.getClass();
    if (!isContainer(c)) {
      if (!isOwnOrAncestor(c.getClassLoader())) {
        return c;
      }
      if (!c.isRecord() || OpenComponents.of(c).length == 0) {
        return null; // the usual case: nothing inside but what its class names
      }
    }
    HeldClasses held = new HeldClasses();
    try {
      held.walk(value);
    } catch (RuntimeException e) {
      // A container that fails to iterate fails the codec's write as well, in the codec's words.
    }
    return held.best;
  }

  private static boolean isContainer(Class<?> c) {
    return Collection.class.isAssignableFrom(c)
        || Map.class.isAssignableFrom(c)
        || c == Optional.class
        || (c.isArray() && !c.getComponentType().isPrimitive());
  }

  /**
   * The walk of {@link #foreignHeld}: each container once, each run of one class looked at once.
   */
  private static final class HeldClasses {
    final Deque<Object> todo = new ArrayDeque<>();
    @Nullable Object root;
    @Nullable Set<Object> seen; // made at the first container inside another
    @Nullable Class<?> best;
    int bestDepth;
    @Nullable Class<?> last;
    boolean lastIsContainer;

    void walk(Object value) {
      visit(value);
      for (Object container = todo.poll(); container != null; container = todo.poll()) {
        if (container instanceof Collection) {
          for (Object e : (Collection<?>) container) {
            visit(e);
          }
        } else if (container instanceof Map) {
          for (Map.Entry<?, ?> e : ((Map<?, ?>) container).entrySet()) {
            visit(e.getKey());
            visit(e.getValue());
          }
        } else if (container instanceof Optional) {
          visit(((Optional<?>) container).orElse(null));
        } else if (container instanceof Object[]) {
          for (Object e : (Object[]) container) {
            visit(e);
          }
        } else {
          for (Method accessor : OpenComponents.of(container.getClass())) {
            visit(OpenComponents.read(accessor, container));
          }
        }
      }
    }

    void visit(@Nullable Object value) {
      if (value == null) {
        return;
      }
      Class<?> c = value.getClass();
      if (c != last) {
        last = c;
        ClassLoader loader = c.getClassLoader();
        boolean own = isOwnOrAncestor(loader);
        lastIsContainer =
            isContainer(c) || (own && c.isRecord() && OpenComponents.of(c).length > 0);
        if (!own && (best == null || depth(loader) > bestDepth)) {
          best = c;
          bestDepth = depth(loader);
        }
      }
      if (!lastIsContainer) {
        return;
      }
      if (root == null) {
        root = value;
      } else {
        Set<Object> s = seen;
        if (s == null) {
          seen = s = Collections.newSetFromMap(new IdentityHashMap<>());
          s.add(root);
        }
        if (!s.add(value)) {
          return;
        }
      }
      todo.add(value);
    }
  }

  /**
   * The accessors of a record's components whose values may be of a class the record's type does
   * not name — a type variable, {@code Object}, an interface, a class open to subclasses, or a
   * container of such — which the codec then looks a writer up for by the value's class: a record
   * of a library shared beside httpjson (an envelope, a page) holding an application's value. Kept
   * with the record's class; empty for a record of final types only (the usual case).
   */
  private static final class OpenComponents {
    private static final Method[] NONE = {};

    private static final ClassValue<Method[]> OF =
        new ClassValue<>() {
          @Override
          protected Method[] computeValue(Class<?> type) {
            return accessors(type);
          }
        };

    static Method[] of(Class<?> record) {
      return OF.get(record);
    }

    /** The component's value; null when it cannot be read (the codec then fails in its words). */
    static @Nullable Object read(Method accessor, Object record) {
      try {
        return accessor.invoke(record);
      } catch (ReflectiveOperationException | RuntimeException e) {
        return null;
      }
    }

    private static Method[] accessors(Class<?> record) {
      RecordComponent[] components = record.getRecordComponents();
      if (components == null) {
        return NONE;
      }
      java.util.List<Method> open = new java.util.ArrayList<>();
      for (RecordComponent component : components) {
        Set<Class<?>> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        seen.add(record);
        if (isClosed(component.getGenericType(), seen)) {
          continue;
        }
        Method accessor = component.getAccessor();
        try {
          accessor.setAccessible(true);
        } catch (RuntimeException e) {
          // Not open to httpjson: the codec cannot read it either.
          continue;
        }
        open.add(accessor);
      }
      return open.isEmpty() ? NONE : open.toArray(NONE);
    }

    /** Whether every value of {@code type} is of a class it names (to any depth). */
    private static boolean isClosed(Type type, Set<Class<?>> seen) {
      if (type instanceof Class) {
        Class<?> c = (Class<?>) type;
        while (c.isArray()) {
          c = c.getComponentType();
        }
        if (c.isPrimitive() || c.isEnum()) {
          return true;
        }
        if (c.isRecord()) {
          if (!seen.add(c)) {
            return true; // met already on this walk: its other components decide
          }
          for (RecordComponent component : c.getRecordComponents()) {
            if (!isClosed(component.getGenericType(), seen)) {
              return false;
            }
          }
          return true;
        }
        return java.lang.reflect.Modifier.isFinal(c.getModifiers());
      }
      if (type instanceof ParameterizedType) {
        ParameterizedType p = (ParameterizedType) type;
        Type raw = p.getRawType();
        if (!(raw instanceof Class) || !isContainer((Class<?>) raw)) {
          // A generic record's type variables may stand for anything; another type, as its class.
          return !(raw instanceof Class && ((Class<?>) raw).isRecord()) && isClosed(raw, seen);
        }
        for (Type argument : p.getActualTypeArguments()) {
          if (!isClosed(argument, seen)) {
            return false;
          }
        }
        return true;
      }
      if (type instanceof GenericArrayType) {
        return isClosed(((GenericArrayType) type).getGenericComponentType(), seen);
      }
      return false; // a type variable, a wildcard
    }
  }

  private static boolean isOwnOrAncestor(@Nullable ClassLoader loader) {
    if (loader == null) {
      return true; // the bootstrap loader is everyone's ancestor
    }
    for (ClassLoader l = OWN; l != null; l = l.getParent()) {
      if (l == loader) {
        return true;
      }
    }
    return false;
  }

  private static int depth(@Nullable ClassLoader loader) {
    int n = 0;
    for (ClassLoader l = loader; l != null; l = l.getParent()) {
      n++;
    }
    return n;
  }

  /**
   * Lets {@code opens com.example.model to dev.httpjson;} serve the codec too. Each package of the
   * type open to httpjson is opened on to the modules the codec names ({@link
   * dev.httpjson.spi.JsonCodec#reflectiveModules()}).
   */
  static void forward(Type type, Set<Module> targets) {
    if (HTTPJSON.isNamed() && !targets.isEmpty()) {
      eachClass(type, true, c -> open(c, targets));
    }
  }

  private static void open(Class<?> c, Set<Module> targets) {
    Module module = c.getModule();
    String pn = c.getPackageName();
    if (!module.isNamed() || module == HTTPJSON || !module.isOpen(pn, HTTPJSON)) {
      return;
    }
    for (Module target : targets) {
      if (!module.isOpen(pn, target)) {
        module.addOpens(pn, target);
      }
    }
  }

  /**
   * The bindings of one class loader below httpjson's, for the types it defines. Reachable strongly
   * only from that loader's classes, so the loader and its bindings are collected together.
   */
  private static final class LoaderBindings {
    /** Bindings per loader are few: one per codec settings a plugin uses. */
    static final int MAX_ENTRIES = 16;

    private static final ClassValue<LoaderBindings> BY_CLASS =
        new ClassValue<>() {
          @Override
          protected LoaderBindings computeValue(Class<?> type) {
            return of(type.getClassLoader());
          }
        };

    private static final Map<ClassLoader, WeakReference<LoaderBindings>> BY_LOADER =
        new WeakHashMap<>();

    private final BoundedCache<CodecSettings, CachedBinding> bindings =
        new BoundedCache<>(MAX_ENTRIES);

    static CachedBinding forClass(Class<?> type, CodecSettings settings) {
      return BY_CLASS.get(type).bindings.get(settings, s -> new CachedBinding(s, true));
    }

    /**
     * The binding of {@code settings} kept with {@code loader}, of which no class is at hand: the
     * loader's bindings are held by a class it defines for the purpose (the JDK's proxy class of an
     * interface everyone sees, which the loader keeps for its life and defines once).
     */
    static CachedBinding forLoader(ClassLoader loader, CodecSettings settings) {
      LoaderBindings live;
      synchronized (BY_LOADER) {
        WeakReference<LoaderBindings> ref = BY_LOADER.get(loader);
        live = ref == null ? null : ref.get();
      }
      if (live != null) {
        // Held already by a class of the loader: options built per call need no new anchor.
        return live.bindings.get(settings, s -> new CachedBinding(s, true));
      }
      Class<?> anchor;
      try {
        anchor = Proxy.newProxyInstance(loader, ANCHOR_INTERFACES, NOTHING).getClass();
      } catch (IllegalArgumentException | SecurityException e) {
        // A loader that hides java.lang.Runnable: bindings of these settings are then kept by
        // the options alone, never process-wide.
        return new CachedBinding(settings, true);
      }
      return forClass(anchor, settings);
    }

    private static final Class<?>[] ANCHOR_INTERFACES = {Runnable.class};
    private static final InvocationHandler NOTHING = (proxy, method, args) -> null;

    private static LoaderBindings of(@Nullable ClassLoader loader) {
      if (loader == null) {
        throw new IllegalArgumentException("bootstrap classes use the shared bindings");
      }
      synchronized (BY_LOADER) {
        WeakReference<LoaderBindings> ref = BY_LOADER.get(loader);
        LoaderBindings b = ref == null ? null : ref.get();
        if (b == null) {
          b = new LoaderBindings();
          BY_LOADER.put(loader, new WeakReference<>(b));
        }
        return b;
      }
    }
  }

  /**
   * The writer of a type in a binding shared by every loader, for a value that holds an instance of
   * a class below httpjson's loader (a web application's, a plugin's): that loader's binding writes
   * it, so that what the codec caches for the class (Jackson's serializers, Gson's adapters) goes
   * when the loader goes.
   */
  private static final class ForeignValues<T> implements JsonWriter<T> {
    private final CachedBinding shared;
    private final Type type;
    private final JsonWriter<T> writer;

    ForeignValues(CachedBinding shared, Type type, JsonWriter<T> writer) {
      this.shared = shared;
      this.type = type;
      this.writer = writer;
    }

    private JsonWriter<T> writerFor(@Nullable T value) {
      Class<?> held = foreignHeld(value);
      if (held == null) {
        return writer;
      }
      return LoaderBindings.forClass(held, shared.settings).writer(type);
    }

    @Override
    public byte[] writeBytes(@Nullable T value) throws IOException {
      return writerFor(value).writeBytes(value);
    }

    @Override
    public void write(@Nullable T value, OutputStream out) throws IOException {
      writerFor(value).write(value, out);
    }

    @Override
    public void write(@Nullable T value, Writer out) throws IOException {
      writerFor(value).write(value, out);
    }
  }

  /** A bounded map that evicts the least recently used entry. */
  public static final class BoundedCache<K, V> {
    private final int maxSize;
    private final ConcurrentHashMap<K, Entry<V>> map = new ConcurrentHashMap<>();
    private final Object lock = new Object();
    private volatile long epoch;

    public BoundedCache(int maxSize) {
      if (maxSize < 1) {
        throw new IllegalArgumentException("maxSize < 1: " + maxSize);
      }
      this.maxSize = maxSize;
    }

    public @Nullable V getIfPresent(K key) {
      Entry<V> e = map.get(key);
      if (e == null) {
        return null;
      }
      long now = epoch;
      if (e.used != now) {
        e.used = now;
      }
      return e.value;
    }

    /** Returns the cached value, or creates, caches and returns one (under the cache's lock). */
    public V get(K key, Function<? super K, ? extends V> create) {
      V v = getIfPresent(key);
      if (v != null) {
        return v;
      }
      synchronized (lock) {
        Entry<V> e = map.get(key);
        if (e != null) {
          e.used = epoch;
          return e.value;
        }
        V created = create.apply(key);
        long now = epoch + 1;
        epoch = now;
        while (map.size() >= maxSize) {
          evictLeastRecentlyUsed();
        }
        map.put(key, new Entry<>(created, now));
        return created;
      }
    }

    public int size() {
      return map.size();
    }

    /** Removes the entries whose key {@code drop} accepts. */
    public void removeKeysIf(java.util.function.Predicate<? super K> drop) {
      synchronized (lock) {
        map.keySet().removeIf(drop);
      }
    }

    private void evictLeastRecentlyUsed() {
      K oldest = null;
      long min = Long.MAX_VALUE;
      for (Map.Entry<K, Entry<V>> e : map.entrySet()) {
        long used = e.getValue().used;
        if (used < min) {
          min = used;
          oldest = e.getKey();
        }
      }
      if (oldest != null) {
        map.remove(oldest);
      }
    }

    private static final class Entry<V> {
      public final V value;
      public volatile long used;

      public Entry(V value, long used) {
        this.value = value;
        this.used = used;
      }
    }
  }
}
