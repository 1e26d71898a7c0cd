package dev.httpjson.okhttp;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.httpjson.HttpJson;
import dev.httpjson.codec.support.internal.ScalarRules;
import dev.httpjson.contract.TransportModulePathContract;
import dev.httpjson.jackson.JacksonCodec;
import dev.httpjson.transport.support.internal.BodyPump;
import java.util.List;
import kotlin.Unit;
import okhttp3.OkHttpClient;
import okio.Buffer;
import org.jspecify.annotations.NullMarked;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.json.JsonMapper;

/** The OkHttp transport on the module path, with OkHttp, Okio and the Kotlin standard library. */
class OkHttpModulePathTest extends TransportModulePathContract {
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
        OkHttpTransport.class,
        OkHttpClient.class,
        Buffer.class,
        Unit.class);
  }

  @Override
  protected String transportModule() {
    return "dev.httpjson.okhttp";
  }

  @Override
  protected String newClient() {
    return "dev.httpjson.okhttp.OkHttpTransport.newHttpClient()";
  }
}
