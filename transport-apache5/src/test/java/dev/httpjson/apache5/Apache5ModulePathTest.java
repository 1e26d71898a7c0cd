package dev.httpjson.apache5;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.httpjson.HttpJson;
import dev.httpjson.codec.support.internal.ScalarRules;
import dev.httpjson.contract.TransportModulePathContract;
import dev.httpjson.jackson.JacksonCodec;
import dev.httpjson.transport.support.internal.BodyPump;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.core5.http.HttpHost;
import org.apache.hc.core5.http2.HttpVersionPolicy;
import org.jspecify.annotations.NullMarked;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.json.JsonMapper;

/**
 * The Apache 5 transport on the module path, with Apache HttpClient 5 and its SLF4J API: 1.7, an
 * automatic module as httpclient5 brings it, and 2.x, an explicit one as many builds manage it.
 */
class Apache5ModulePathTest extends TransportModulePathContract {
  @Override
  protected List<Class<?>> modules() {
    return List.of(
        HttpJson.class,
        JacksonCodec.class,
        ScalarRules.class,
        JsonMapper.class,
        JsonFactory.class,
        JsonInclude.class,
        NullMarked.class,
        BodyPump.class,
        Apache5Transport.class,
        HttpClients.class,
        HttpHost.class,
        HttpVersionPolicy.class,
        LoggerFactory.class);
  }

  @Test
  void withSlf4j2AnExplicitModuleTooTheApplicationNeedsNoFlag() throws Exception {
    Path slf4j2;
    try (Stream<Path> jars = Files.list(Path.of("target", "slf4j-2"))) {
      slf4j2 = jars.filter(p -> p.toString().endsWith(".jar")).findFirst().orElseThrow();
    }
    List<String> modulePath = new ArrayList<>(locations(modules()));
    String slf4j17 = locations(List.of(LoggerFactory.class)).get(0);
    assertThat(modulePath.remove(slf4j17)).isTrue();
    modulePath.add(slf4j2.toAbsolutePath().toString());

    assertCallsThrough(modulePath);
  }

  @Override
  protected String transportModule() {
    return "dev.httpjson.apache5";
  }

  @Override
  protected String newClient() {
    return "dev.httpjson.apache5.Apache5Transport.newHttpClient()";
  }
}
