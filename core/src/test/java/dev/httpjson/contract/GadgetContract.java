package dev.httpjson.contract;

import static dev.httpjson.contract.LoopbackServer.json;
import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.HttpJson;
import dev.httpjson.JsonType;
import java.io.Serializable;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Polymorphic "gadget" payloads (the classic deserialization attack on Jackson's default typing,
 * and the shapes other libraries use for type names) read into untyped targets: {@code Object},
 * {@code Serializable}, {@code Map} and {@code List} fields. Whatever the codec, a class named by
 * the payload is never loaded, initialized or instantiated, and the value is plain JSON: maps,
 * lists, strings, numbers, booleans and nulls.
 *
 * <p>A codec module runs it by subclassing and naming its codec; a codec that can be configured
 * with polymorphic typing adds a row proving its defaults have none.
 */
public abstract class GadgetContract extends HostileServerHarness {
  /** In the JDK (module java.sql.rowset): the classic JNDI-lookup gadget. */
  protected static final String JDBC_GADGET = "com.sun.rowset.JdbcRowSetImpl";

  /** In the JDK (module java.xml): the classic bytecode-loading gadget. */
  protected static final String TEMPLATES_GADGET =
      "com.sun.org.apache.xalan.internal.xsltc.trax.TemplatesImpl";

  /**
   * Our probe, named only as a string (referring to the class would load it): its initializer,
   * constructor and setter each leave a trace.
   */
  protected static final String PROBE = "dev.httpjson.contract.GadgetProbe";

  private static final String LDAP =
      "{\"dataSourceName\":\"ldap://127.0.0.1:1/x\",\"autoCommit\":true}";

  /** A DTO with an untyped field, where default typing would apply. */
  public record Holder(Object payload) {}

  /** A DTO with a {@code Serializable} field, the base type of most historical gadgets. */
  public record SerializableHolder(Serializable payload) {}

  /** Untyped containers. */
  public record Containers(List<Object> items, Map<String, Object> attributes) {}

  @ParameterizedTest
  @ValueSource(strings = {JDBC_GADGET, TEMPLATES_GADGET, PROBE})
  public void wrapperArrayGadgetIntoAnObjectFieldIsAPlainListAndLoadsNoClass(String gadget)
      throws Exception {
    assertNotLoaded(gadget);
    server.enqueue(json(200, "{\"payload\":[\"" + gadget + "\"," + LDAP + "]}"));

    Holder holder = HttpJson.getFromJson(client, uri("/g"), JsonType.of(Holder.class, options));

    assertThat(holder.payload())
        .isEqualTo(
            List.of(gadget, Map.of("dataSourceName", "ldap://127.0.0.1:1/x", "autoCommit", true)));
    assertPlainJson(holder.payload());
    assertNotLoaded(gadget);
  }

  /**
   * Jackson's default-typing shapes (wrapper array, {@code @class} property, wrapper object), the
   * {@code @type} property of other libraries, and the bytecode gadget's properties.
   */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "[\"%s\"," + LDAP + "]",
        "{\"@class\":\"%s\",\"dataSourceName\":\"ldap://127.0.0.1:1/x\",\"autoCommit\":true}",
        "{\"@type\":\"%s\",\"dataSourceName\":\"ldap://127.0.0.1:1/x\"}",
        "{\"%s\":" + LDAP + "}",
        "[\"%s\",{\"transletBytecodes\":[\"yv66vgAAADQ=\"],\"transletName\":\"x\","
            + "\"outputProperties\":{}}]"
      })
  public void gadgetShapesIntoUntypedTargetsStayPlainJson(String shape) throws Exception {
    for (String gadget : List.of(JDBC_GADGET, TEMPLATES_GADGET, PROBE)) {
      assertNotLoaded(gadget);
      String body = String.format(shape, gadget);
      server.enqueue(json(200, body));
      server.enqueue(json(200, "{\"payload\":" + body + "}"));
      server.enqueue(json(200, "{\"payload\":" + body + "}"));
      server.enqueue(json(200, "{\"items\":[" + body + "],\"attributes\":{\"a\":" + body + "}}"));

      Object top = HttpJson.getFromJson(client, uri("/g"), JsonType.of(Object.class, options));
      Holder holder = HttpJson.getFromJson(client, uri("/g"), JsonType.of(Holder.class, options));
      SerializableHolder serializable =
          HttpJson.getFromJson(client, uri("/g"), JsonType.of(SerializableHolder.class, options));
      Containers containers =
          HttpJson.getFromJson(client, uri("/g"), JsonType.of(Containers.class, options));

      assertThat(top).isInstanceOfAny(List.class, Map.class);
      assertPlainJson(top);
      assertThat(holder.payload()).isEqualTo(top);
      assertThat(serializable.payload()).isEqualTo(top);
      assertThat(containers.items()).containsExactly(top);
      assertThat(containers.attributes()).containsExactly(Map.entry("a", top));
      if (body.startsWith("{")) {
        server.enqueue(json(200, body));
        server.enqueue(json(200, body));
        assertThat(
                HttpJson.getFromJson(
                    client, uri("/g"), JsonType.mapOf(Serializable.class).withOptions(options)))
            .isEqualTo(top);
        assertThat(
                HttpJson.getFromJson(
                    client, uri("/g"), JsonType.mapOf(Object.class).withOptions(options)))
            .isEqualTo(top);
      } else {
        server.enqueue(json(200, body));
        assertThat(
                HttpJson.getFromJson(
                    client, uri("/g"), JsonType.listOf(Object.class).withOptions(options)))
            .isEqualTo(top);
      }
      assertNotLoaded(gadget);
    }
  }

  /**
   * Class names from published jackson-databind gadget advisories (JNDI and connection-pool
   * classes), none on a codec's class path: whatever names the payload carries, the value is plain
   * JSON and nothing is loaded.
   */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "org.springframework.context.support.ClassPathXmlApplicationContext",
        "ch.qos.logback.core.db.JNDIConnectionSource",
        "com.zaxxer.hikari.HikariConfig",
        "org.apache.xbean.propertyeditor.JndiConverter",
        "com.mchange.v2.c3p0.WrapperConnectionPoolDataSource",
        "org.apache.commons.dbcp2.datasources.SharedPoolDataSource"
      })
  public void advisoryGadgetNamesIntoAnObjectFieldStayPlainJson(String gadget) throws Exception {
    server.enqueue(
        json(
            200,
            "{\"payload\":[\""
                + gadget
                + "\",{\"metricRegistry\":\"ldap://127.0.0.1:1/x\","
                + "\"healthCheckRegistry\":\"ldap://127.0.0.1:1/y\"}]}"));

    Holder holder = HttpJson.getFromJson(client, uri("/g"), JsonType.of(Holder.class, options));

    assertThat(holder.payload())
        .isEqualTo(
            List.of(
                gadget,
                Map.of(
                    "metricRegistry",
                    "ldap://127.0.0.1:1/x",
                    "healthCheckRegistry",
                    "ldap://127.0.0.1:1/y")));
    assertNotLoaded(gadget);
  }

  /** Every JSON type into {@code Object}: what the Jackson codecs give, whatever the codec. */
  @Test
  public void untypedValuesAreMapsListsStringsNumbersBooleansAndNull() throws Exception {
    server.enqueue(
        json(
            200,
            "{\"payload\":{\"s\":\"x\",\"i\":1,\"l\":3000000000,\"big\":99999999999999999999,"
                + "\"d\":1.5,\"e\":1e2,\"t\":true,\"f\":false,\"n\":null,\"a\":[1,[\"y\"],{}]}}"));

    Object payload =
        HttpJson.getFromJson(client, uri("/u"), JsonType.of(Holder.class, options)).payload();

    assertPlainJson(payload);
    Map<?, ?> map = (Map<?, ?>) payload;
    assertThat(map.get("s")).isEqualTo("x");
    assertThat(map.get("i")).isEqualTo(1);
    assertThat(map.get("l")).isEqualTo(3_000_000_000L);
    assertThat(map.get("big")).isEqualTo(new BigInteger("99999999999999999999"));
    assertThat(map.get("d")).isEqualTo(1.5);
    assertThat(map.get("e")).isEqualTo(100.0);
    assertThat(map.get("t")).isEqualTo(true);
    assertThat(map.get("f")).isEqualTo(false);
    assertThat(map.containsKey("n")).isTrue();
    assertThat(map.get("n")).isNull();
    assertThat(map.get("a")).isEqualTo(List.of(1, List.of("y"), Map.of()));
  }

  /**
   * Only what JSON itself holds: maps with string keys, lists, strings, numbers, booleans, null.
   */
  protected static void assertPlainJson(Object value) {
    if (value == null || value instanceof String || value instanceof Boolean) {
      return;
    }
    if (value instanceof Map) {
      for (Map.Entry<?, ?> e : ((Map<?, ?>) value).entrySet()) {
        assertThat(e.getKey()).isInstanceOf(String.class);
        assertPlainJson(e.getValue());
      }
      return;
    }
    if (value instanceof List) {
      ((List<?>) value).forEach(GadgetContract::assertPlainJson);
      return;
    }
    assertThat(value)
        .as("a JSON value, not an instance of a class the payload named")
        .isInstanceOfAny(
            Integer.class, Long.class, BigInteger.class, Double.class, BigDecimal.class);
  }

  /**
   * Neither loaded (asked of the JVM's class list, which does not load anything) nor initialized,
   * instantiated or set (the probe would leave a trace in a system property).
   */
  protected static void assertNotLoaded(String className) throws Exception {
    assertThat(System.getProperty(GadgetProbe.TRACE)).as("probe trace").isNull();
    String loaded = loadedClasses();
    assertThat(loaded).as("positive control").contains(GadgetContract.class.getName());
    assertThat(loaded.contains(className + " ") || loaded.contains(className + "\n"))
        .as("%s is in the JVM's loaded classes", className)
        .isFalse();
  }

  /**
   * The JVM's VM.class_hierarchy diagnostic command, through the platform MBean server (looked up
   * reflectively: a test module need not read java.management).
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
