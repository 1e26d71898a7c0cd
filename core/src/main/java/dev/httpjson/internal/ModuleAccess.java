package dev.httpjson.internal;

import java.lang.reflect.GenericArrayType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.lang.reflect.WildcardType;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.HashSet;
import java.util.Set;

/**
 * Lets {@code opens com.example.model to dev.httpjson;} serve the codec too. A module to which a
 * package is open may open it to another module ({@link Module#addOpens}); before a codec is asked
 * for a reader or writer of a type, httpjson so opens, to the modules the codec names ({@link
 * dev.httpjson.spi.JsonCodec#reflectiveModules()}), each package of the type that is open to
 * httpjson: the type's classes, its type arguments and, for a record, its components' types, to any
 * depth. Packages that are not open to httpjson are left as they are.
 */
public final class ModuleAccess {
  private static final Module HTTPJSON = ModuleAccess.class.getModule();
  private static final int MAX_CLASSES = 512;

  private ModuleAccess() {}

  public static void forward(Type type, Set<Module> targets) {
    if (!HTTPJSON.isNamed() || targets.isEmpty()) {
      return;
    }
    Set<Class<?>> seen = Collections.newSetFromMap(new java.util.IdentityHashMap<>());
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
        open(c, targets);
        if (c.isRecord()) {
          for (RecordComponent component : c.getRecordComponents()) {
            todo.add(component.getGenericType());
          }
        }
      } else if (t instanceof ParameterizedType) {
        ParameterizedType p = (ParameterizedType) t;
        todo.add(p.getRawType());
        Collections.addAll(todo, p.getActualTypeArguments());
      } else if (t instanceof GenericArrayType) {
        todo.add(((GenericArrayType) t).getGenericComponentType());
      } else if (t instanceof WildcardType) {
        Collections.addAll(todo, ((WildcardType) t).getUpperBounds());
      }
    }
  }

  private static void open(Class<?> c, Set<Module> targets) {
    Module module = c.getModule();
    String pn = c.getPackageName();
    if (!module.isNamed() || module == HTTPJSON || !module.isOpen(pn, HTTPJSON)) {
      return;
    }
    for (Module target : targets) {
      if (target.isNamed() && !module.isOpen(pn, target)) {
        module.addOpens(pn, target);
      }
    }
  }

  /** The named modules among a codec's. */
  public static Set<Module> named(Set<Module> modules) {
    Set<Module> named = new HashSet<>();
    for (Module m : modules) {
      if (m.isNamed()) {
        named.add(m);
      }
    }
    return Set.copyOf(named);
  }
}
