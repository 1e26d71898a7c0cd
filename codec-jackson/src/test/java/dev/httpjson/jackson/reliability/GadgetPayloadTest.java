package dev.httpjson.jackson.reliability;

import static dev.httpjson.testing.LoopbackServer.json;
import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.HttpJson;
import dev.httpjson.JsonOptions;
import dev.httpjson.TypeRef;
import dev.httpjson.jackson.JacksonCodec;
import dev.httpjson.spi.JsonBinding;
import java.io.Serializable;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.json.JsonMapper;

/**
 * Polymorphic "gadget" payloads (the classic Jackson deserialization attack) read into untyped
 * targets: the codec has no default typing, so a class named by the payload is never loaded, the
 * value is plain lists, maps and strings.
 */
public class GadgetPayloadTest extends HostileServerHarness {
  private static final String JDBC_GADGET = "com.sun.rowset.JdbcRowSetImpl";
  private static final String PROBE = "dev.httpjson.jackson.reliability.GadgetProbe";

  /** A DTO with an untyped field, where default typing would apply. */
  public record Holder(Object payload) {}

  @ParameterizedTest
  @ValueSource(strings = {JDBC_GADGET, PROBE})
  void wrapperArrayGadgetIntoAnObjectFieldIsAPlainListAndLoadsNoClass(String gadget)
      throws Exception {
    assertNotLoaded(gadget);
    server.enqueue(
        json(
            200,
            "{\"payload\":[\""
                + gadget
                + "\",{\"dataSourceName\":\"ldap://127.0.0.1:1/x\",\"autoCommit\":true}]}"));

    Holder holder = HttpJson.getFromJson(client, uri("/g"), Holder.class, options);

    assertThat(holder.payload())
        .isEqualTo(
            List.of(gadget, Map.of("dataSourceName", "ldap://127.0.0.1:1/x", "autoCommit", true)));
    assertThat(((List<?>) holder.payload()).get(1)).isInstanceOf(Map.class);
    assertNotLoaded(gadget);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "[\"%s\",{\"dataSourceName\":\"ldap://127.0.0.1:1/x\",\"autoCommit\":true}]",
        "{\"@class\":\"%s\",\"dataSourceName\":\"ldap://127.0.0.1:1/x\",\"autoCommit\":true}",
        "{\"@type\":\"%s\",\"dataSourceName\":\"ldap://127.0.0.1:1/x\"}",
        "{\"%s\":{\"dataSourceName\":\"ldap://127.0.0.1:1/x\",\"autoCommit\":true}}"
      })
  void gadgetShapesIntoObjectAndSerializableTargetsStayPlainJson(String shape) throws Exception {
    for (String gadget : List.of(JDBC_GADGET, PROBE)) {
      String body = String.format(shape, gadget);
      server.enqueue(json(200, body));
      server.enqueue(json(200, "{\"payload\":" + body + "}"));

      Object top = HttpJson.getFromJson(client, uri("/g"), Object.class, options);
      Holder holder = HttpJson.getFromJson(client, uri("/g"), Holder.class, options);

      assertThat(top).isInstanceOfAny(List.class, Map.class);
      assertThat(holder.payload()).isEqualTo(top);
      if (body.startsWith("{")) {
        server.enqueue(json(200, body));
        assertThat(
                HttpJson.getFromJson(client, uri("/g"), TypeRef.mapOf(Serializable.class), options))
            .isEqualTo(top);
      }
      assertNotLoaded(gadget);
    }
  }

  @Test
  void theCodecsMappersHaveNoDefaultTyping() throws Exception {
    JsonMapper fresh = newMapper(JsonOptions.web());
    JsonMapper bound = boundMapper(options);

    for (JsonMapper mapper : List.of(fresh, bound)) {
      for (Class<?> base : List.of(Object.class, Serializable.class, List.class, Map.class)) {
        JavaType type = mapper.constructType(base);
        assertThat(mapper.serializationConfig().getDefaultTyper(type))
            .as("serialization default typer for %s", base)
            .isNull();
        assertThat(mapper.deserializationConfig().getDefaultTyper(type))
            .as("deserialization default typer for %s", base)
            .isNull();
      }
    }
  }

  /** The package-private factory the codec uses for every options value. */
  private static JsonMapper newMapper(JsonOptions options) throws Exception {
    Method m = JacksonCodec.class.getDeclaredMethod("newMapper", JsonOptions.class);
    m.setAccessible(true);
    return (JsonMapper) m.invoke(null, options);
  }

  /** The mapper behind the binding httpjson actually reads with. */
  private static JsonMapper boundMapper(JsonOptions options) throws Exception {
    JsonBinding binding = new JacksonCodec().bind(options);
    Method m = binding.getClass().getDeclaredMethod("mapper");
    m.setAccessible(true);
    return (JsonMapper) m.invoke(binding);
  }

  /**
   * Neither loaded (asked of the JVM's class list, which does not load anything) nor initialized
   * (the probe's initializer would set a system property).
   */
  private static void assertNotLoaded(String className) throws Exception {
    assertThat(System.getProperty(GadgetProbe.TRACE)).as("probe trace").isNull();
    String loaded = loadedClasses();
    assertThat(loaded).as("positive control").contains(GadgetPayloadTest.class.getName());
    assertThat(loaded.contains(className + " ") || loaded.contains(className + "\n"))
        .as("%s is in the JVM's loaded classes", className)
        .isFalse();
  }

  /**
   * The JVM's VM.class_hierarchy diagnostic command, through the platform MBean server (looked up
   * reflectively: the test module does not read java.management).
   */
  private static String loadedClasses() throws Exception {
    Object beans =
        Class.forName("java.lang.management.ManagementFactory")
            .getMethod("getPlatformMBeanServer")
            .invoke(null);
    Class<?> server = Class.forName("javax.management.MBeanServer");
    Class<?> objectName = Class.forName("javax.management.ObjectName");
    Object diagnostics =
        objectName
            .getConstructor(String.class)
            .newInstance("com.sun.management:type=DiagnosticCommand");
    boolean registered =
        (Boolean) server.getMethod("isRegistered", objectName).invoke(beans, diagnostics);
    Assumptions.assumeTrue(registered, "no DiagnosticCommand MBean");
    return (String)
        server
            .getMethod("invoke", objectName, String.class, Object[].class, String[].class)
            .invoke(
                beans,
                diagnostics,
                "vmClassHierarchy",
                new Object[] {new String[0]},
                new String[] {String[].class.getName()});
  }
}
